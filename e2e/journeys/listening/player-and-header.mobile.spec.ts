import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ensureAdminFirst, expectNoSideways, shot, signUpByApi, uniqueEmail } from '../../support/common';
import { probeEvent } from '../../support/event-probe';

/**
 * The same daily things at 390 px: one player bar above the tabs on every page (the home page's own
 * player while it is on screen), the header's real on-air state, and the unread direct messages in the
 * header, on the menu button and in the menu.
 */
test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));
test.use({ timezoneId: 'Europe/London' });

const onAir = process.env.E2E_RADIO_BACKEND === 'builtin';
const playerBar = (page: Page) => page.locator('[data-testid="radio-player"][data-variant="bar"]');

async function sendDirectMessage(from: APIRequestContext, toUserId: string, content: string) {
  const opened = await from.post('/api/conversations', { data: { userId: toUserId } });
  expect(opened.ok()).toBe(true);
  const { conversation } = await opened.json();
  const sent = await from.post(`/api/conversations/${conversation.id}/messages`, { data: { content } });
  expect(sent.status()).toBeLessThan(300);
}

test('the header shows the real on-air state, and one player plays on across the tabs', async ({ page }) => {
  await page.goto('/');
  const marker = page.getByRole('banner').getByTestId('on-air-marker');
  await expect(marker).toBeVisible();
  if (onAir) {
    await expect(marker).toHaveAttribute('data-state', 'autodj', { timeout: 30_000 });
    await expect(marker).toHaveText(/^AutoDJ/);
  } else {
    await expect(marker).toHaveAttribute('data-state', 'off-air');
    await expect(marker).toHaveText('OFF AIR');
  }
  // Only a live presenter makes it a pulsing red LIVE.
  await expect(marker).not.toContainText('LIVE');
  await expect(marker.locator('.animate-pulse, [class*="animate-pulse"]')).toHaveCount(0);

  // On the home page the compact player is the player: one, not two.
  const compact = page.locator('[data-testid="radio-player"][data-variant="compact"]');
  await expect(compact).toBeVisible();
  await expect(playerBar(page)).toHaveCount(0);
  await expectNoSideways(page);
  await shot(page, 'listen-mobile-home', { fullPage: false });
  // Scrolled past it, the bar is there.
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect(playerBar(page)).toBeVisible();

  const tabs = page.getByRole('navigation', { name: 'Tabs' });
  await tabs.getByRole('link', { name: 'Schedule' }).click();
  await expect(page).toHaveURL(/\/schedule$/);
  const bar = playerBar(page);
  await expect(bar).toBeVisible();
  await expect(bar.getByTestId('player-bar-title')).not.toBeEmpty();
  await expectNoSideways(page);
  if (!onAir) {
    await shot(page, 'listen-mobile-player-bar');
    return;
  }
  const audio = page.getByTestId('radio-audio');
  await bar.getByRole('button', { name: 'Play' }).click();
  await expect(audio).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  await audio.evaluate((el) => {
    el.dataset.mark = 'schedule';
  });
  await tabs.getByRole('link', { name: 'Chart' }).click();
  await expect(page).toHaveURL(/\/chart$/);
  await expect(audio).toHaveAttribute('data-mark', 'schedule');
  await expect(audio).toHaveAttribute('data-state', 'playing');
  await bar.getByRole('button', { name: 'Volume settings' }).click();
  await expect(bar.getByRole('slider', { name: 'Volume' })).toBeVisible();
  // The live-chat button floats above the taller bar: it covers neither pause nor the volume row.
  const chat = page.getByRole('button', { name: 'Live Chat', exact: true });
  await expect
    .poll(async () => {
      const [c, b] = [await chat.boundingBox(), await bar.boundingBox()];
      return c && b ? Math.round(b.y - (c.y + c.height)) : -1;
    })
    .toBeGreaterThanOrEqual(8);
  await shot(page, 'listen-mobile-player-bar', { fullPage: false });
  await bar.getByRole('button', { name: 'Pause' }).click();
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.paused)).toBe(true);
});

test('unread direct messages show in the header, on the menu button, in the menu and the tab title', async ({
  page,
  browser,
}) => {
  const me = await signUpByApi(page.request, 'Mia Mobile', uniqueEmail('mia'));
  const sender = await browser.newContext();
  await signUpByApi(sender.request, 'Sam Sender', uniqueEmail('sam'));
  // A phone's slow connection: the header's first read of the conversations is answered before the
  // message is sent but reaches the page after the message's event. The badge must come all the same.
  let answered!: () => void;
  const readAnswered = new Promise<void>((resolve) => {
    answered = resolve;
  });
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    '**/api/conversations',
    async (route) => {
      const response = await route.fetch();
      answered();
      await held;
      // The page may have dropped this read by now (it reads again once it has seen the event).
      await route.fulfill({ response }).catch(() => undefined);
    },
    { times: 1 },
  );
  await page.goto('/schedule');
  const link = page.getByRole('banner').getByTestId('messages-link');
  await expect(link).toHaveAccessibleName('Messages');
  await readAnswered;

  const probe = await probeEvent(page, 'dm.message');
  await sendDirectMessage(sender.request, me.user.id, 'Hello from the late show!');
  await probe.arrivedAt();
  release();
  await expect(link.getByTestId('messages-unread')).toHaveText('1');
  await expect(link).toHaveAccessibleName('Messages, 1 unread');
  await expect(page).toHaveTitle(/^\(1\) /);
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await expect(menuButton).toHaveAccessibleDescription('Messages, 1 unread');
  await shot(page, 'listen-mobile-unread', { fullPage: false });

  await menuButton.click();
  const menu = page.getByRole('navigation', { name: 'Menu' });
  const entry = menu.getByRole('link', { name: 'Messages, 1 unread' });
  await expect(entry).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Presenter Chat' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Streamers' })).toBeVisible();
  await shot(page, 'listen-mobile-menu-unread', { fullPage: false });
  await entry.click();
  await expect(page).toHaveURL(/\/messages/);
  await page.getByTestId('conversation-item').filter({ hasText: 'Sam Sender' }).click();
  await expect(page.getByTestId('dm-bubble').filter({ hasText: 'Hello from the late show!' })).toBeVisible();
  await expect(link.getByTestId('messages-unread')).toHaveCount(0);
  await expect(page).not.toHaveTitle(/^\(\d+\)/);
  await sender.close();
});

test('with nobody live, Make Request says when the next live show is', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Shortcuts' })
    .getByRole('link', { name: /Make Request/ })
    .click();
  await expect(page).toHaveURL(/\/requests$/);
  const next = page.getByTestId('next-live-show');
  await expect(next).toBeVisible();
  await expect(next).toContainText('Requests open when a presenter is live');
  await expect(next.getByRole('link', { name: /See (it on )?the schedule/ })).toBeVisible();
  await expectNoSideways(page);
  await shot(page, 'listen-mobile-requests-next-show', { fullPage: false });
});
