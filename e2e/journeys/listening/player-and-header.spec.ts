import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import {
  ensureAdminFirst,
  expectNoSideways,
  loginAsAdmin,
  shot,
  signUpByApi,
  uniqueEmail,
} from '../../support/common';

/**
 * What a listener and a member notice every day, at 1280 px (and a laptop at 1024 px): the player bar
 * on every page, the real on-air state in the header, the Messages link with its live unread count, the
 * navigation that fits a laptop, and a request button that says when the next live show is.
 */
test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));
test.use({ timezoneId: 'Europe/London' });

const onAir = process.env.E2E_RADIO_BACKEND === 'builtin';

/** Sends a direct message through the API, as another member's own app would. */
async function sendDirectMessage(from: APIRequestContext, toUserId: string, content: string) {
  const opened = await from.post('/api/conversations', { data: { userId: toUserId } });
  expect(opened.ok()).toBe(true);
  const { conversation } = await opened.json();
  const sent = await from.post(`/api/conversations/${conversation.id}/messages`, { data: { content } });
  expect(sent.status()).toBeLessThan(300);
}

async function member(browser: Browser, name: string) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const me = await signUpByApi(ctx.request, name, uniqueEmail(name.split(' ')[0].toLowerCase()));
  return { page: await ctx.newPage(), id: me.user.id as string, ctx };
}

/** How many links and buttons of the header stick out of the window or wrap below its bar. */
const headerOverflow = (page: Page) =>
  page.getByRole('banner').evaluate((header) => {
    const bar = header.getBoundingClientRect();
    return [...header.querySelectorAll('a, button')].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.right > window.innerWidth || r.left < 0 || r.bottom > bar.bottom;
    }).length;
  });

const playerBar = (page: Page) => page.locator('[data-testid="radio-player"][data-variant="bar"]');

test.describe('the player bar', () => {
  test.skip(!onAir, 'the built-in engine (icecast2, liquidsoap) is not installed');

  test('plays on from the home page to every page, with pause, volume and now playing', async ({ page }) => {
    await page.goto('/');
    // On the home page its own large player is the player: no second one at the bottom.
    const large = page.locator('[data-testid="radio-player"][data-variant="large"]');
    await expect(large.getByTestId('now-playing-title')).not.toBeEmpty({ timeout: 30_000 });
    await expect(playerBar(page)).toHaveCount(0);
    // The header says what is on: the AutoDJ, not a red LIVE.
    const marker = page.getByRole('banner').getByTestId('on-air-marker');
    await expect(marker).toHaveAttribute('data-state', 'autodj', { timeout: 30_000 });
    await expect(marker).toContainText('AutoDJ');
    await expect(marker).not.toContainText('LIVE');

    await large.getByRole('button', { name: 'Play' }).click();
    const audio = page.getByTestId('radio-audio');
    await expect(audio).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
    // Scrolled past the large player, the bar takes over on the home page too.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(playerBar(page)).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(playerBar(page)).toHaveCount(0);
    // Mark the element: after navigating, the same one plays on (the stream never restarts).
    await audio.evaluate((el) => {
      el.dataset.mark = 'home';
    });
    const before = await audio.evaluate((el: HTMLAudioElement) => el.currentTime);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News' }).click();
    await expect(page).toHaveURL(/\/news$/);
    const bar = playerBar(page);
    await expect(bar).toBeVisible();
    await expect(bar.getByTestId('player-bar-title')).not.toBeEmpty();
    await expect(bar.getByTestId('on-air-marker')).toContainText('AutoDJ');
    await expect(audio).toHaveAttribute('data-mark', 'home');
    await expect(audio).toHaveAttribute('data-state', 'playing');
    await expect
      .poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(before);
    await shot(page, 'listen-player-bar-news');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Schedule' }).click();
    await expect(page).toHaveURL(/\/schedule$/);
    await expect(audio).toHaveAttribute('data-mark', 'home');
    // Volume in the bar.
    await bar.getByRole('slider', { name: 'Volume' }).fill('0.3');
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.volume)).toBeCloseTo(0.3, 2);
    await bar.getByRole('button', { name: 'Mute' }).click();
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.volume)).toBe(0);
    await bar.getByRole('button', { name: 'Unmute' }).click();
    // Pause from the bar, on a page that is not home.
    await bar.getByRole('button', { name: 'Pause' }).click();
    await expect(audio).not.toHaveAttribute('data-state', 'playing');
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.paused)).toBe(true);
    await expect(bar.getByRole('button', { name: 'Play' })).toBeVisible();
    await shot(page, 'listen-player-bar-paused');
  });
});

test('a new direct message lights up the Messages link and the tab title, live', async ({ browser }) => {
  const bob = await member(browser, 'Bob Listener');
  const ann = await member(browser, 'Ann Writer');
  await bob.page.goto('/news');
  const link = bob.page.getByRole('banner').getByTestId('messages-link');
  await expect(link).toHaveAccessibleName('Messages');
  await expect(link.getByTestId('messages-unread')).toHaveCount(0);
  await expect(bob.page).not.toHaveTitle(/^\(\d+\)/);

  await sendDirectMessage(ann.ctx.request, bob.id, 'Did you hear the last track?');
  await sendDirectMessage(ann.ctx.request, bob.id, 'It was great');
  // Pushed over the event stream: no reload, no polling.
  await expect(link.getByTestId('messages-unread')).toHaveText('2');
  await expect(link).toHaveAccessibleName('Messages, 2 unread');
  await expect(bob.page).toHaveTitle(/^\(2\) /);
  await shot(bob.page, 'listen-messages-unread', { fullPage: false });

  await link.click();
  await expect(bob.page).toHaveURL(/\/messages/);
  await bob.page.getByTestId('conversation-item').filter({ hasText: 'Ann Writer' }).click();
  await expect(bob.page.getByTestId('dm-bubble').filter({ hasText: 'It was great' })).toBeVisible();
  // Read: the count and the title's number go.
  await expect(link.getByTestId('messages-unread')).toHaveCount(0);
  await expect(bob.page).not.toHaveTitle(/^\(\d+\)/);
  await ann.ctx.close();
  await bob.ctx.close();
});

test('the navigation reaches the presenter chat and the streamers, and fits a 1024 px laptop', async ({
  browser,
}) => {
  test.setTimeout(180_000); // three widths, four accounts, an axe check at each
  const m = await member(browser, 'Laptop Lou');
  const page = m.page;
  await page.goto('/');
  // The header says what is on air, under the station's name: never a red LIVE without a presenter.
  const marker = page.getByRole('banner').getByTestId('on-air-marker');
  await expect(marker).toHaveAttribute('data-state', onAir ? 'autodj' : 'off-air', { timeout: 30_000 });
  await expect(marker).not.toContainText('LIVE');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'More' }).click();
  await nav.getByRole('link', { name: 'Presenter Chat' }).click();
  await expect(page).toHaveURL(/\/presenter-chat$/);
  await nav.getByRole('button', { name: 'More' }).click();
  await nav.getByRole('link', { name: 'Streamers' }).click();
  await expect(page).toHaveURL(/\/streamers$/);
  await expectNoSideways(page);

  // A laptop: the links stay in the bar (no folded menu) and nothing overflows.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(nav).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
  for (const label of ['Home', 'Schedule', 'News', 'Chart', 'Members', 'Shop', 'Requests']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('button', { name: 'More' })).toBeVisible();
  await expect(page.getByRole('banner').getByTestId('messages-link')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: /Laptop Lou/ })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
  // Every element of the bar sits on one line inside the window.
  expect(await headerOverflow(page)).toBe(0);
  await expectNoSideways(page);
  await shot(page, 'listen-nav-1024', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'listen-nav-1280', { fullPage: false });
  await m.ctx.close();

  // The widest header: an admin (role badge, Staff menu), at 1280 and 1024 px.
  const admin = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await loginAsAdmin(admin.request);
  const ap = await admin.newPage();
  await ap.goto('/schedule');
  for (const width of [1280, 1024]) {
    await ap.setViewportSize({ width, height: 800 });
    await expect(
      ap.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Staff' }),
    ).toBeVisible();
    expect(await headerOverflow(ap)).toBe(0);
    await expectNoSideways(ap);
    await shot(ap, `listen-nav-admin-${width}`, { fullPage: false });
  }
  await admin.close();

  // Visitors at 1024 px get Login and Register in the bar, no presenter chat in More.
  const visitor = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const vp = await visitor.newPage();
  await vp.goto('/');
  await expect(vp.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(vp.getByRole('banner').getByRole('button', { name: 'Register' })).toBeVisible();
  await vp.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'More' }).click();
  await expect(vp.getByRole('link', { name: 'Streamers' })).toBeVisible();
  await expect(vp.getByRole('link', { name: 'Presenter Chat' })).toHaveCount(0);
  await expectNoSideways(vp);
  await shot(vp, 'listen-nav-1024-visitor', { fullPage: false });

  // A computer's window narrowed to a phone's width (no touch): the player bar is the phone's, its title
  // readable and clear of the play button, the volume behind its button.
  await vp.setViewportSize({ width: 390, height: 844 });
  await vp.goto('/profile');
  await expect(vp.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
  const bar = vp.getByTestId('radio-player');
  await expect(bar.getByRole('button', { name: 'Volume settings' })).toBeVisible();
  await expect(bar.getByRole('slider')).toBeHidden();
  const title = await bar.getByTestId('player-bar-title').boundingBox();
  const play = await bar.getByRole('button', { name: /^(Play|Pause)$/ }).boundingBox();
  expect(title?.width ?? 0).toBeGreaterThan(60);
  expect((title?.x ?? 0) + (title?.width ?? 0)).toBeLessThanOrEqual(play?.x ?? 0);
  await expectNoSideways(vp);
  await shot(vp, 'listen-player-bar-narrow-window', { fullPage: false });
  await visitor.close();
});

test('with nobody live, the request slide leads to when the next live show is', async ({ page, browser }) => {
  const admin = await browser.newContext();
  const me = await loginAsAdmin(admin.request);
  const weekday = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'short' }).format(
    new Date(),
  );
  const tomorrow = (['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(weekday) + 1) % 7;
  const created = await admin.request.post('/api/schedule/slots', {
    data: {
      presenterId: me.user.id,
      dayOfWeek: tomorrow,
      startTime: '12:00',
      endTime: '13:00',
      showName: 'Lunchtime Requests',
    },
  });
  expect(created.status()).toBe(201);
  const slotId = (await created.json()).slot.id as string;
  try {
    // The home page's "Request a song" slide leads to /requests.
    await page.goto('/requests');
    await expect(page.getByRole('button', { name: 'Requests Disabled (No Live DJ)' })).toBeVisible();
    const next = page.getByTestId('next-live-show');
    await expect(next).toBeVisible();
    await expect(next).toContainText('Requests open when a presenter is live');
    await expect(next.getByTestId('next-live-show-when')).toHaveText(
      /^(Next live show: (Today|Tomorrow|[A-Z][a-z]+day) at \d{1,2}:\d\d [AP]M|On the schedule now.*)$/,
    );
    const show = (await next.locator('p.truncate').textContent())?.split(' with ')[0] ?? '';
    expect(show).not.toBe('');
    await shot(page, 'listen-requests-next-show');
    await next.getByRole('link', { name: 'See it on the schedule' }).click();
    await expect(page).toHaveURL(/\/schedule\?day=\d{4}-\d\d-\d\d$/);
    await expect(page.getByTestId('schedule-slot').filter({ hasText: show })).toBeVisible();
  } finally {
    await admin.request.delete(`/api/schedule/slots/${slotId}`);
    await admin.close();
  }
});
