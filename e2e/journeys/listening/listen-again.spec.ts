import { expect, test } from '@playwright/test';
import { DAY_NAMES, ensureAdminFirst, expectNoSideways, shot } from '../../support/common';
import {
  memberOf,
  playAndSeek,
  recordingAudioState,
  recordLiveShow,
  startSeededStation,
} from '../../support/listen-again';

/**
 * Listen again: a listener finds a show's recording from the schedule, plays it and seeks in
 * it (the audio comes with HTTP Range); the podcast feed lists it; an admin hides one and the listener's
 * page loses it at once; the page fits 390 px.
 *
 * The first journey's recordings are made by a seeded station (e2e/support/listen-again-server.ts: real rows and
 * MP3 files, several shows and a hidden one at known times); the second records a live show on the main
 * station: a presenter goes live with ffmpeg, stops, and the recording is played from /listen-again.
 */
test('a listener plays and seeks a recorded show; an admin hides one; the feed lists them', async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const live = process.env.E2E_RADIO_BACKEND === 'builtin';
  const station = await startSeededStation(
    [
      { title: 'Breakfast Club', presenter: 'Bea Breakfast', hoursAgo: 20, seconds: 90 },
      { title: 'Night Owls', presenter: 'Nico Night', hoursAgo: 30, seconds: 45 },
      { title: 'Secret Rehearsal', presenter: 'Bea Breakfast', hidden: true, hoursAgo: 10, seconds: 30 },
    ],
    live ? { icecastUrl: `http://127.0.0.1:${process.env.E2E_ICECAST_PORT}` } : {},
  );
  try {
    const { baseURL } = station;
    // The first account of the seeded station is its admin; Bea presents the Breakfast Club today.
    const admin = await memberOf(browser, baseURL, 'Station Founder');
    const bea = await memberOf(browser, baseURL, 'Bea Breakfast');
    expect(
      (await admin.request.patch(`/api/users/${bea.id}/role`, { data: { role: 'presenter' } })).ok(),
    ).toBe(true);
    const today = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'Europe/London' }).format(
      new Date(),
    );
    const slot = await admin.request.post('/api/schedule/slots', {
      data: {
        presenterId: bea.id,
        dayOfWeek: DAY_NAMES.indexOf(today),
        startTime: '10:00',
        endTime: '11:00',
        showName: 'Breakfast Club',
      },
    });
    expect(slot.status(), await slot.text()).toBeLessThan(300);

    // A visitor: the schedule's show links to its recordings.
    const visitor = await browser.newContext({ baseURL });
    const page = await visitor.newPage();
    await page.goto('/schedule');
    const entry = page.getByTestId('schedule-slot').filter({ hasText: 'Breakfast Club' });
    await entry.getByRole('link', { name: /Listen again/ }).click();
    await expect(page).toHaveURL(/\/listen-again\?show=Breakfast(%20|\+)Club$/);
    await expect(page.getByText('Showing Breakfast Club')).toBeVisible();
    await expect(page.getByTestId('recording-item')).toHaveCount(1);
    await page.getByRole('link', { name: 'All shows' }).click();
    // Published ones only, newest first.
    const items = page.getByTestId('recording-item');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('Breakfast Club');
    await expect(items.nth(0)).toContainText('with Bea Breakfast');
    await expect(items.nth(0)).toContainText('2 min');
    await expect(items.nth(1)).toContainText('Night Owls');
    await expect(page.getByText('Secret Rehearsal')).toHaveCount(0);
    await shot(page, 'listen-again');

    // The live radio plays first: starting the recording pauses it.
    const radio = page.getByTestId('radio-audio');
    const player = page.getByRole('region', { name: 'Player' });
    if (live) {
      await player.getByRole('button', { name: 'Play' }).click();
      await expect(radio).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
    }
    const { statuses } = await playAndSeek(page, 'Breakfast Club');
    expect(statuses).toContain(206);
    await expect(radio).toHaveAttribute('data-state', 'idle');
    await shot(page, 'listen-again-playing');
    if (live) {
      // And the other way round: the live radio again pauses the recording.
      await player.getByRole('button', { name: 'Play' }).click();
      await expect(radio).not.toHaveAttribute('data-state', 'idle');
      await expect.poll(async () => (await recordingAudioState(page)).paused).toBe(true);
      await expect(page.getByTestId('recording-item').first()).not.toHaveAttribute('data-playing', 'true');
      await player.getByRole('button', { name: 'Pause' }).click();
      await page.getByRole('button', { name: 'Play Breakfast Club' }).click();
      await expect.poll(async () => (await recordingAudioState(page)).paused).toBe(false);
    }

    // The podcast feed: absolute enclosure URLs of the published recordings.
    const feed = await visitor.request.get('/podcast.xml');
    expect(feed.status()).toBe(200);
    const xml = await feed.text();
    expect(xml).toContain(`<enclosure url="${baseURL}/api/recordings/`);
    expect(xml).toContain('Breakfast Club');
    expect(xml).not.toContain('Secret Rehearsal');

    // The admin sees the hidden one marked, and hides Night Owls: the visitor's page loses it at once.
    const adminPage = await admin.ctx.newPage();
    await adminPage.goto('/listen-again');
    const hiddenSection = adminPage.getByRole('region', { name: 'Hidden recordings' });
    await expect(
      hiddenSection.getByTestId('recording-item').filter({ hasText: 'Secret Rehearsal' }),
    ).toContainText('Hidden');
    await adminPage.getByRole('button', { name: 'Hide: Night Owls' }).click();
    await expect(adminPage.getByText('Recording hidden')).toBeVisible();
    await expect(hiddenSection.getByTestId('recording-item').filter({ hasText: 'Night Owls' })).toBeVisible();
    await shot(adminPage, 'listen-again-admin');
    await expect(page.getByTestId('recording-item')).toHaveCount(1);
    expect((await recordingAudioState(page)).paused).toBe(false);

    // At 390 px: no sideways scroll, and the player works.
    const phone = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const mobile = await phone.newPage();
    await mobile.goto('/listen-again');
    await expect(mobile.getByTestId('recording-item')).toHaveCount(1);
    await expectNoSideways(mobile);
    await mobile.getByRole('button', { name: 'Play Breakfast Club' }).click();
    await expect(mobile.getByRole('slider', { name: /Position: Breakfast Club/ })).toBeVisible();
    await expectNoSideways(mobile);
    await shot(mobile, 'listen-again-mobile');
    await Promise.all([visitor.close(), admin.ctx.close(), bea.ctx.close(), phone.close()]);
  } finally {
    await station.stop();
  }
});

test('a presenter goes live with ffmpeg, stops, and the show is on /listen-again to play and seek', async ({
  browser,
}) => {
  test.skip(process.env.E2E_RADIO_BACKEND !== 'builtin', 'needs the built-in engine (it records live shows)');
  test.setTimeout(180_000);
  await ensureAdminFirst(browser);
  // Long enough to seek 20 s into it and still be playing.
  const { recording } = await recordLiveShow(browser, 35);
  expect(Math.abs(recording.durationSeconds - 35)).toBeLessThanOrEqual(2);
  const page = await (await browser.newContext()).newPage();
  await page.goto('/listen-again');
  const { statuses } = await playAndSeek(page, recording.title, recording.presenter);
  expect(statuses).toContain(206);
  await shot(page, 'listen-again-live-recording');
  await page.context().close();
});
