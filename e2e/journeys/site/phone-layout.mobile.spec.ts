import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { stationDay } from '../../support/booking';
import {
  asAdmin,
  ensureAdminFirst,
  expectNoSideways,
  member,
  openTimetableDay,
  shot,
} from '../../support/common';

/** At 390 px nothing a phone user reads is cut off or covered: each check measures the element itself. */

test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));
test.describe.configure({ timeout: 240_000 });
// The timetable's days are the station's (Europe/London); the browser's calendar agrees.
test.use({ timezoneId: 'Europe/London' });
const PHONE = { width: 390, height: 844 };

async function adminPhone(browser: Browser) {
  const ctx = await asAdmin(browser);
  const page = await ctx.newPage();
  await page.setViewportSize(PHONE);
  return { ctx, page };
}

/** The element shows all of its content (nothing scrolled or clipped inside it). */
async function expectWhole(el: Locator, what: string) {
  await expect
    .poll(() => el.evaluate((e) => e.scrollWidth - e.clientWidth), { message: `${what} is cut off` })
    .toBeLessThanOrEqual(0);
}

/** Each of `items` lies within `box` from left to right (none hidden past its edge). */
async function expectInside(items: Locator, box: Locator, what: string) {
  const outer = await box.boundingBox();
  expect(outer, `${what}: the box is on the page`).not.toBeNull();
  const n = await items.count();
  expect(n, `${what}: items`).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    const r = await items.nth(i).boundingBox();
    const label = `${what}: "${((await items.nth(i).textContent()) ?? '').trim()}"`;
    expect(r, label).not.toBeNull();
    expect(r!.x, label).toBeGreaterThanOrEqual(outer!.x - 0.5);
    expect(r!.x + r!.width, label).toBeLessThanOrEqual(outer!.x + outer!.width + 0.5);
  }
}

/** Scrolls the element to the middle of the screen, clear of the bars fixed at the top and bottom. */
const centre = (el: Locator) => el.evaluate((e) => e.scrollIntoView({ block: 'center' }));

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The floating chat button (when shown) covers none of the home page's shortcut tiles. */
async function expectTilesUncovered(page: Page) {
  const fab = page.getByRole('button', { name: 'Live Chat', exact: true });
  const fabBox = (await fab.isVisible()) ? await fab.boundingBox() : null;
  const tiles = page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('listitem');
  for (let i = 0; i < (await tiles.count()); i++) {
    const tile = await tiles.nth(i).boundingBox();
    const name = ((await tiles.nth(i).textContent()) ?? '').trim();
    if (fabBox && tile) expect(overlap(fabBox, tile), `the chat button covers the ${name} tile`).toBe(false);
  }
}

test('the home page: the chat button covers no shortcut tile, and the Live Chat tile opens the chat', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  const tiles = page.getByRole('navigation', { name: 'Shortcuts' });
  await expect(tiles.getByRole('link', { name: /Schedule/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectTilesUncovered(page);
  await shot(page, 'phone-home-tiles', { fullPage: false });
  // Scrolled so that the tiles sit at the bottom of the screen, where the button floats.
  await tiles.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await page.mouse.wheel(0, 120);
  await expectTilesUncovered(page);
  // Past the tiles, the button is back.
  await page.getByRole('heading', { name: 'Recently Played' }).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 400);
  await expect(page.getByRole('button', { name: 'Live Chat', exact: true })).toBeVisible();
  await expectTilesUncovered(page);
  // Back at the top, the Live Chat tile opens the chat.
  await page.evaluate(() => window.scrollTo(0, 0));
  await tiles.getByRole('button', { name: /Live Chat/ }).click();
  await expect(page.getByTestId('live-chat-panel')).toBeVisible();
  await shot(page, 'phone-home-chat-from-tile', { fullPage: false });
});

test('the admin dashboard shows the whole revenue, and Analytics every range', async ({ browser }) => {
  const { ctx, page } = await adminPhone(browser);
  await page.goto('/admin');
  const values = page.getByTestId('stat-value');
  await expect(values).toHaveCount(4, { timeout: 30_000 });
  for (let i = 0; i < 4; i++) await expectWhole(values.nth(i), `dashboard figure ${i + 1}`);
  // A station's revenue of £106.00, in the card as it is laid out at this width.
  const revenue = values.nth(1);
  const cut = await revenue.evaluate((el) => {
    const was = el.textContent;
    el.textContent = '£106.00';
    const over = el.scrollWidth - el.clientWidth;
    el.textContent = was;
    return over;
  });
  expect(cut, '£106.00 is cut off on the dashboard').toBeLessThanOrEqual(0);
  await centre(values.first());
  await shot(page, 'phone-admin-dashboard', { fullPage: false });

  await page.goto('/admin?tab=analytics');
  const audience = page.getByTestId('admin-audience');
  const ranges = audience.getByRole('group', { name: 'Range' });
  await expect(ranges.getByRole('button', { name: 'Last 30 days' })).toBeVisible({ timeout: 30_000 });
  await expectInside(ranges.getByRole('button'), audience, 'the audience ranges');
  for (const name of ['Last 24 hours', 'Last 7 days', 'Last 30 days'])
    await expectWhole(ranges.getByRole('button', { name }), name);
  await expectNoSideways(page);
  await centre(ranges);
  await shot(page, 'phone-admin-analytics', { fullPage: false });
  await ctx.close();
});

test('the presenter panel shows every section and tab, and a one-off show’s whole name in the timetable', async ({
  browser,
}) => {
  // The admin sees every section of the panel (Staff, Radio Presenter, News…) and may book shows.
  const { ctx, page } = await adminPhone(browser);
  await page.goto('/presenter');
  const tabs = page.getByRole('tablist', { name: 'Radio Presenter' });
  await expect(tabs.getByRole('tab', { name: 'Stream Info' })).toBeVisible({ timeout: 30_000 });
  await expectInside(tabs.getByRole('tab'), tabs, 'the presenter tabs');
  const sections = page.getByRole('navigation', { name: 'Panel sections' });
  await expect(sections.getByRole('button', { name: 'Radio Presenter' })).toBeVisible();
  await expectInside(sections.getByRole('button'), sections, 'the panel sections');
  await expectNoSideways(page);
  await shot(page, 'phone-presenter-tabs', { fullPage: false });

  await ctx.close();

  // A presenter's one-off on the day after tomorrow, with a long name.
  const presenter = await member(browser, 'Phoebe Phone', 'presenter');
  const mine = presenter.page;
  await mine.setViewportSize(PHONE);
  await mine.goto('/presenter');
  await mine.getByRole('tab', { name: 'Timetable' }).click({ timeout: 30_000 });
  const showName = 'The Extraordinary Sunrise Session';
  const { day } = await openTimetableDay(mine);
  await day
    .getByRole('button', { name: /^Book / })
    .first()
    .click();
  const dialog = mine.getByRole('dialog', { name: 'Book a Show' });
  await dialog.getByRole('radio', { name: /^Only on this date/ }).check();
  await dialog.getByLabel('Show Name').fill(showName);
  await dialog.getByRole('button', { name: 'Book Show' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  const cell = day.getByRole('button', { name: new RegExp(`^${showName} by Phoebe Phone`) });
  await expect(cell).toContainText('Once');
  await expectWhole(cell.getByText(showName, { exact: true }), 'the one-off’s name in the timetable');
  await centre(cell);
  await shot(mine, 'phone-presenter-timetable', { fullPage: false });
  await presenter.ctx.close();
});

test('the admin’s timetable and the Music tab’s playlist rows keep their words whole', async ({
  browser,
}) => {
  const { ctx, page } = await adminPhone(browser);
  const showName = 'The Unexpectedly Long Saturday Night Special';
  const day = stationDay(3);
  const booked = await ctx.request.post('/api/schedule/my-slots', {
    data: { dayOfWeek: day.dayOfWeek, date: day.date, startTime: '02:00', endTime: '03:00', showName },
  });
  expect(booked.status()).toBe(201);
  await page.goto('/admin?tab=timetable');
  await page.getByRole('tab', { name: new RegExp(`^${day.dayName}`) }).click();
  const slot = page.getByTestId('grid-slot').filter({ hasText: showName, visible: true });
  await expect(slot).toContainText('One-off');
  await expectWhole(slot.getByText(showName, { exact: true }), 'the one-off’s name in the admin timetable');
  await centre(slot);
  await shot(page, 'phone-admin-timetable', { fullPage: false });

  for (const [name, kind, extra] of [
    ['Late Night Chill Rotation', 'rotation', {}],
    ['Station IDs and Jingles', 'every_n_songs', { every: 4 }],
    [
      'Weekday Breakfast Warm-up',
      'scheduled',
      { schedule: [{ days: [1, 2, 3, 4, 5], start: '06:00', end: '09:00' }] },
    ],
  ] as const) {
    const res = await ctx.request.post('/api/media/playlists', {
      data: { name, kind, enabled: true, ...extra },
    });
    expect(res.status(), name).toBe(201);
  }
  await page.goto('/admin?tab=music');
  const rows = page.getByTestId('playlist-row');
  await expect(rows.filter({ hasText: 'Weekday Breakfast Warm-up' })).toBeVisible({ timeout: 30_000 });
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    const rowBox = (await row.boundingBox())!;
    const words = row.locator('div').nth(0);
    const wordsBox = (await words.boundingBox())!;
    const label = `playlist row "${((await row.textContent()) ?? '').slice(0, 40)}"`;
    // The words keep most of the row's width (never a word to a line), and no button sits over them.
    expect(wordsBox.width, label).toBeGreaterThanOrEqual(rowBox.width * 0.7);
    const tracks = row.getByRole('button', { name: 'Tracks' });
    expect(overlap((await tracks.boundingBox())!, wordsBox), label).toBe(false);
    await expectWhole(words, label);
  }
  await expectNoSideways(page);
  await centre(rows.first());
  await shot(page, 'phone-music-playlists', { fullPage: false });
  await ctx.close();
});
