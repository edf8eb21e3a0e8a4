import { expect, test } from '@playwright/test';
import { ensureAdminFirst, loginAsAdmin, shot, signUpByApi, uniqueEmail } from '../../support/common';

test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));

test('a notification arrives live in an open page, and clicking it marks it read', async ({
  page,
  browser,
}) => {
  const me = await signUpByApi(page.request, 'Nina Notified', uniqueEmail('nina'));
  await page.goto('/');
  const bell = page.getByRole('button', { name: 'Notifications' });
  await expect(bell).toBeVisible();
  await expect(page.getByTestId('unread-count')).toHaveCount(0);

  const admin = await browser.newContext();
  await loginAsAdmin(admin.request);
  const sent = await admin.request.post('/api/notifications', {
    data: {
      userId: me.user.id,
      title: 'Your shout-out is on air',
      message: 'Listen now!',
      link: '/schedule',
    },
  });
  expect(sent.status()).toBe(201);
  await admin.close();

  // No reload: the banner and the count come over the event stream.
  await expect(page.getByText('Your shout-out is on air').first()).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('unread-count')).toHaveText('1');
  await shot(page, 'notification-live-banner');

  await bell.click();
  await expect(page.getByText('just now').first()).toBeVisible();
  await shot(page, 'notification-dropdown');
  await page
    .getByRole('button', { name: /Your shout-out is on air/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/$|\/schedule$/);
  await expect(page.getByTestId('unread-count')).toHaveCount(0);
});

test('an unknown path goes to the home page', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Your drive, your music.' })).toBeVisible();
});

test('the footer carries its texts, and says what is true of the stream', async ({ page }) => {
  await page.goto('/');
  const footer = page.locator('footer');
  for (const text of [
    'Made with love for music lovers',
    'Experience high-quality audio streaming with crystal clear sound',
  ]) {
    await expect(footer.getByText(text)).toBeVisible();
  }
  await expect(footer).not.toContainText('HD Audio Quality');
  await expect(footer).not.toContainText('24/7');
  // The quality is the best stream's real bitrate (or says it is unknown), the chip what is on air now.
  const np = (await (await page.request.get('/api/now-playing')).json()) as {
    station: { streams: { format: string; bitrate: number | null }[] };
    nowPlaying: unknown;
    live: { isLive: boolean };
  };
  const best = np.station.streams.find((s) => s.bitrate !== null && s.format !== 'hls');
  await expect(footer.getByTestId('footer-quality')).toHaveText(
    best ? `${best.bitrate} kbps ${best.format.toUpperCase()}` : /Adaptive quality|Stream quality/,
  );
  await expect(footer.getByTestId('footer-on-air')).toHaveText(
    np.live.isLive ? 'Live on air now' : np.nowPlaying ? 'AutoDJ on air now' : 'Off air right now',
  );
});
