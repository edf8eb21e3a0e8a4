import { expect, type Page, test } from '@playwright/test';
import { ensureAdminFirst, loginAsAdmin, shot, signUpByApi, uniqueEmail } from '../../support/common';

test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));

// Schedule times are kept in the station's zone (Europe/London); show them in the same zone here.
test.use({ timezoneId: 'Europe/London' });

const onAir = process.env.E2E_RADIO_BACKEND === 'builtin';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function title(page: Page) {
  return (await page.getByTestId('now-playing-title').first().textContent())?.trim() ?? '';
}

test.describe('on air', () => {
  test.skip(!onAir, 'the built-in engine (icecast2, liquidsoap) is not installed');

  test('a listener presses play, hears the stream and sees the song change when the engine skips', async ({
    page,
    browser,
  }) => {
    await page.goto('/');
    const player = page.getByTestId('radio-player').first();
    await expect(page.getByTestId('now-playing-title').first()).not.toBeEmpty({ timeout: 30_000 });
    await player.getByRole('button', { name: 'Play' }).click();
    await expect(page.getByTestId('radio-audio')).toHaveAttribute('data-state', 'playing', {
      timeout: 20_000,
    });
    const audio = await page.getByTestId('radio-audio').evaluate((el: HTMLAudioElement) => ({
      paused: el.paused,
      time: el.currentTime,
    }));
    expect(audio.paused).toBe(false);
    await expect
      .poll(() => page.getByTestId('radio-audio').evaluate((el: HTMLAudioElement) => el.currentTime), {
        timeout: 10_000,
      })
      .toBeGreaterThan(audio.time);
    await expect(page).toHaveTitle(/–/);
    await shot(page, 'home-playing');

    const admin = await browser.newContext();
    await loginAsAdmin(admin.request);
    const before = await title(page);
    // The playlist is shuffled: skip again if the engine happens to pick the same song.
    for (let i = 0; i < 4 && (await title(page)) === before; i++) {
      const res = await admin.request.post('/api/station/commands/skip');
      expect((await res.json()).message).toBe('Stream skip successful!');
      await page.waitForTimeout(3000);
    }
    await admin.close();
    const after = await title(page);
    expect(after).not.toBe(before);
    await expect(page.getByTestId('radio-audio')).toHaveAttribute('data-state', 'playing');
    // Screen readers hear the new song once, politely (not every heartbeat).
    await expect(page.getByTestId('track-announcer')).toHaveText(
      new RegExp(`^Now playing: ${escapeRe(after)} by `),
    );
    await expect(page.getByTestId('track-announcer')).toHaveAttribute('aria-live', 'polite');
    await shot(page, 'home-after-skip');
  });

  test('a member likes the song on air and finds it in Most Liked', async ({ page }) => {
    await signUpByApi(page.request, 'Luca Likes', uniqueEmail('luca'));
    await page.goto('/');
    await expect(page.getByTestId('now-playing-title').first()).not.toBeEmpty({ timeout: 30_000 });
    const song = await title(page);
    const like = page.getByTestId('radio-player').first().getByTestId('like-button');
    // The button turns at once (optimistic); wait for the server to have the like before leaving the page.
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/likes/toggle') && r.ok());
    await like.click();
    await expect(like).toHaveAttribute('data-liked', 'true');
    await saved;
    await page.goto('/most-liked');
    const row = page.getByTestId('song-row').filter({ hasText: song });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('like-count')).toContainText('1');
    await shot(page, 'most-liked');
  });

  test('Update Chart builds the last complete week: this unfinished week’s plays are not counted', async ({
    page,
  }) => {
    await loginAsAdmin(page.request);
    await page.goto('/chart');
    await expect(page.getByText('Last weeks chart')).toBeVisible();
    const generate = page.getByRole('button', { name: /^(Generate Chart|Update Chart)$/ });
    await generate.click();
    await expect(page.getByText('Chart generated successfully!')).toBeVisible();
    // A fresh station has played only this week (the AutoDJ above): last week's chart is empty, and the
    // part-week is not passed off as a chart (the rows themselves: chart-entry-row.test.tsx).
    await expect(page.getByText('No Chart Data Available')).toBeVisible();
    await expect(page.getByTestId('chart-entry')).toHaveCount(0);
    await shot(page, 'chart-generated');
  });
});

test('the schedule shows a week of shows in 12-hour times', async ({ page, browser }) => {
  const admin = await browser.newContext();
  await loginAsAdmin(admin.request);
  const presenter = await signUpByApi(admin.request, 'Sunny Presenter', uniqueEmail('sunny'));
  await admin.request.post('/api/auth/logout');
  await loginAsAdmin(admin.request);
  const shows = [
    { day: 0, start: '20:00', end: '22:00', name: 'Sunday Soul' },
    { day: 1, start: '07:00', end: '09:00', name: 'Morning Drive' },
    { day: 3, start: '13:00', end: '14:00', name: 'Lunchtime Mixtape' },
    { day: 5, start: '21:00', end: '23:00', name: 'Friday Night Frequencies' },
    { day: 6, start: '10:00', end: '12:00', name: 'Weekend Brunch' },
  ];
  for (const s of shows) {
    const res = await admin.request.post('/api/schedule/slots', {
      data: {
        presenterId: presenter.user.id,
        dayOfWeek: s.day,
        startTime: s.start,
        endTime: s.end,
        showName: s.name,
        description: 'A demo show',
      },
    });
    expect(res.status()).toBe(201);
  }
  await admin.close();

  await page.goto('/schedule');
  const strip = page.getByRole('tablist', { name: 'Day' });
  await expect(strip.getByRole('tab')).toHaveCount(7);
  await expect(strip.getByRole('tab').first()).toHaveAccessibleName(/today/);
  const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  for (const s of shows) {
    await strip.getByRole('tab', { name: new RegExp(`^${dayNames[s.day]}`) }).click();
    const slot = page.getByTestId('schedule-slot').filter({ hasText: s.name });
    await expect(slot).toBeVisible();
    await expect(slot).toContainText('Sunny Presenter');
    const [h, m] = s.start.split(':').map(Number);
    await expect(slot).toContainText(
      `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`,
    );
  }
  await strip.getByRole('tab', { name: /^Tuesday/ }).click();
  await expect(page.getByText('No Shows Scheduled')).toBeVisible();
  // What airs between shows, as the station runs: the AutoDJ when it plays, else no promise.
  const np = (await (await page.request.get('/api/now-playing')).json()) as {
    nowPlaying: unknown;
    live: { isLive: boolean };
  };
  await expect(
    page.getByText(
      !np.live.isLive && np.nowPlaying
        ? 'AutoDJ plays music whenever no show is on.'
        : 'Nothing is booked for this day.',
    ),
  ).toBeVisible();
  await strip.getByRole('tab', { name: /^Saturday/ }).click();
  await shot(page, 'schedule-week');
});
