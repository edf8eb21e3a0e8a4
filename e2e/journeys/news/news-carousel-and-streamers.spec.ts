import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { type FakeTwitch, startFakeTwitch } from '../../../src/server/test/fakes/fake-twitch';
import { ensureAdminFirst, loginAsAdmin, shot, signUpByApi, uniqueEmail } from '../../support/common';

/**
 * News, the home carousel and community streamers: a news reporter publishes and open pages follow;
 * the article page carries its own preview tags; an admin curates the carousel; a streamer goes live
 * on (a fake) Twitch and the LIVE badge appears on an open /streamers page.
 */
let twitch: FakeTwitch;
// Generous waits: shared CI machines can be slow to serve a page's first chunks.
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test.beforeAll(async ({ browser }) => {
  await ensureAdminFirst(browser);
  twitch = await startFakeTwitch({
    clientId: 'e2e-twitch-client',
    clientSecret: 'e2e-twitch-secret',
    port: Number(process.env.E2E_TWITCH_PORT),
  });
});
test.afterAll(async ({ browser }) => {
  // Leave no Twitch channel behind for later specs (the fake stops with this one).
  const admin = await asAdmin(browser);
  const { streamers } = await (await admin.request.get('/api/streamers/all')).json();
  for (const s of streamers) await admin.request.delete(`/api/streamers/${s.id}`);
  await admin.close();
  await twitch?.close();
});

async function asAdmin(browser: Browser) {
  const ctx = await browser.newContext();
  await loginAsAdmin(ctx.request);
  return ctx;
}

async function visitor(browser: Browser, path: string) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(path);
  return page;
}

async function narrowShot(page: Page, name: string) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await shot(page, name);
  if (size) await page.setViewportSize(size);
}

test('a news reporter publishes an article: it reaches /news and an open home page, with its own preview', async ({
  browser,
}) => {
  const home = await visitor(browser, '/');
  await expect(home.getByTestId('home-news')).toBeVisible();

  const ctx = await browser.newContext();
  const reporter = await signUpByApi(ctx.request, 'Rosa Reporter', uniqueEmail('reporter'));
  const admin = await asAdmin(browser);
  expect(
    (
      await admin.request.patch(`/api/users/${reporter.user.id}/role`, { data: { role: 'news_reporter' } })
    ).ok(),
  ).toBe(true);
  await admin.close();

  const page = await ctx.newPage();
  // A member without the role is turned away with the exact words.
  const outsider = await browser.newContext();
  await signUpByApi(outsider.request, 'Nosy Member', uniqueEmail('nosy'));
  const outsiderPage = await outsider.newPage();
  await outsiderPage.goto('/news-management');
  await expect(
    outsiderPage.getByText('You need News Reporter privileges to access this page.'),
  ).toBeVisible();
  await outsider.close();

  await page.goto('/news-management');
  await expect(page.getByRole('heading', { name: 'News Management' })).toBeVisible();
  await page.getByRole('button', { name: 'New Article' }).click();
  const form = page.getByTestId('news-article-form');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();

  const title = `Festival Weekend ${Date.now()}`;
  const words = Array.from({ length: 420 }, (_, i) => `word${i}`).join(' ');
  await form.getByLabel('Title').fill(`  ${title}  `);
  await form.getByLabel('Excerpt (optional)').fill('Three days of live music, all on air.');
  await form
    .getByLabel('Content')
    .fill(`## The line-up\n\n**Friday** to Sunday. <script>alert(1)</script>\n\n${words}`);
  await form.getByLabel('Publish immediately').check();
  await shot(page, 'news-management-form');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Article published.')).toBeVisible();
  const row = page.getByTestId('managed-article').filter({ hasText: title });
  await expect(row.getByText('Published', { exact: true }).first()).toBeVisible();
  await shot(page, 'news-management');
  await narrowShot(page, 'news-management-390');

  // The open home page follows without a reload.
  await expect(home.getByTestId('home-news-item').filter({ hasText: title })).toBeVisible();
  await expect(
    home.getByTestId('home-news-item').filter({ hasText: title }).getByText('read more'),
  ).toBeVisible();

  await page.goto('/news');
  await expect(page.getByTestId('news-card').filter({ hasText: title })).toBeVisible();
  await shot(page, 'news-list');
  await narrowShot(page, 'news-list-390');

  await page.getByTestId('news-card').filter({ hasText: title }).getByRole('link', { name: title }).click();
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  await expect(page).toHaveURL(`/news/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('reading-time').first()).toHaveText('3 min read');
  await expect(page.getByText('Rosa Reporter').first()).toBeVisible();
  // Raw HTML in the article stays text.
  await expect(page.getByText('<script>alert(1)</script>')).toBeVisible();
  await expect(page).toHaveTitle(`${title} · OnAir Radio`);
  await shot(page, 'news-article');
  await narrowShot(page, 'news-article-390');

  // What link previews (crawlers, chat apps) receive: the served page, before any script runs.
  const html = await (await page.request.get(`/news/${slug}`)).text();
  expect(html).toContain(`<meta property="og:title" content="${title}"`);
  expect(html).toContain('<meta property="og:description" content="Three days of live music, all on air."');
  expect(html).toContain('<meta property="og:type" content="article"');
  expect(html).toContain(`<title>${title} · OnAir Radio</title>`);

  // An unknown slug goes to /news.
  await page.goto('/news/no-such-article-here');
  await expect(page).toHaveURL('/news');

  // The RSS feed lists it.
  const rss = await (await page.request.get('/news/rss.xml')).text();
  expect(rss).toContain(`<title>${title}</title>`);
  await ctx.close();
  await home.context().close();
});

test('an admin adds and reorders carousel images, and an open home page follows', async ({ browser }) => {
  const home = await visitor(browser, '/');
  const firstSlide = home.getByTestId('carousel-slide').first();
  // No images yet: the station's three built-in pictures.
  await expect(home.getByTestId('carousel-slide')).toHaveCount(3);

  const admin = await asAdmin(browser);
  const page = await admin.newPage();
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Carousel' }).click();
  const tab = page.getByTestId('carousel-admin');

  await tab.getByRole('button', { name: 'Add image' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add carousel image' });
  await dialog.getByRole('button', { name: 'Add image' }).click();
  await expect(dialog.getByText('Image URL is required')).toBeVisible();
  await dialog.getByLabel('Image URL').fill('/carousel/station-2.svg');
  await dialog.getByLabel('Title (optional)').fill('Summer Sessions');
  await dialog.getByLabel('Link URL (optional)').fill('/schedule');
  await dialog.getByRole('button', { name: 'Add image' }).click();
  await expect(page.getByText('Carousel image added.')).toBeVisible();

  // The second image is uploaded from the computer.
  await tab.getByRole('button', { name: 'Add image' }).click();
  dialog = page.getByRole('dialog', { name: 'Add carousel image' });
  const png = await sharp({
    create: { width: 1600, height: 600, channels: 3, background: { r: 219, g: 39, b: 119 } },
  })
    .png()
    .toBuffer();
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'party.png', mimeType: 'image/png', buffer: png });
  await expect(dialog.getByLabel('Image URL')).toHaveValue(/^\/uploads\/carousel\/.+\.webp$/);
  await dialog.getByLabel('Title (optional)').fill('Party Night');
  await dialog.getByRole('button', { name: 'Add image' }).click();
  await expect(tab.getByTestId('carousel-admin-row')).toHaveCount(2);

  await expect(home.getByTestId('carousel-slide')).toHaveCount(2);
  await expect(firstSlide).toHaveAttribute('aria-label', '1 of 2: Summer Sessions');

  await tab.getByRole('button', { name: 'Move Party Night up' }).click();
  await expect(tab.getByTestId('carousel-admin-row').first()).toContainText('Party Night');
  await expect(tab.getByRole('button', { name: 'Move Party Night up' })).toBeDisabled();
  await expect(firstSlide).toHaveAttribute('aria-label', '1 of 2: Party Night');
  await shot(page, 'carousel-admin');
  await narrowShot(page, 'carousel-admin-390');

  // Dots pick a slide; the slides rotate every 5 s.
  await home.getByRole('button', { name: 'Show slide 2' }).click();
  await expect(home.locator('[data-testid=carousel-slide][data-active=true]')).toHaveAttribute(
    'aria-label',
    '2 of 2: Summer Sessions',
  );
  // Rotation pauses while the pointer or focus is on the carousel: move both away.
  await home.mouse.move(0, 0);
  await home.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(home.locator('[data-testid=carousel-slide][data-active=true]')).toHaveAttribute(
    'aria-label',
    '1 of 2: Party Night',
    { timeout: 20_000 },
  );
  await shot(home, 'home-with-carousel');
  await narrowShot(home, 'home-with-carousel-390');
  await admin.close();
  await home.context().close();
});

test('a streamer goes live on Twitch and the LIVE badge appears on an open /streamers page', async ({
  browser,
}) => {
  const admin = await asAdmin(browser);
  const page = await admin.newPage();
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Recognised Streamers' }).click();
  const tab = page.getByTestId('recognised-streamers-admin');
  await tab.getByRole('button', { name: 'Add streamer' }).click();
  const form = tab.getByTestId('streamer-admin-form');
  await form.getByRole('button', { name: 'Add streamer' }).click();
  await expect(form.getByText('Username is required')).toBeVisible();
  await form.getByLabel('Username', { exact: true }).fill('Nova Beats');
  await form.getByLabel('Platform').selectOption('twitch');
  await form.getByLabel('Twitch username (optional)').fill('nova_beats_e2e');
  await form.getByLabel('Description (optional)').fill('Deep house every Friday night, live from Leeds.');
  await form.getByLabel('Twitter / X username (optional)').fill('@novabeats');
  await form.getByLabel('Discord name (optional)').fill('nova#0001');
  await form.getByRole('button', { name: 'Add streamer' }).click();
  await expect(page.getByText('Streamer added successfully!')).toBeVisible();
  await expect(tab.getByTestId('streamer-admin-row').filter({ hasText: 'Nova Beats' })).toBeVisible();

  const streamers = await visitor(browser, '/streamers');
  await expect(streamers.getByRole('heading', { name: 'Streamers', level: 1 })).toBeVisible();
  await expect(streamers.getByText('Check out these streamers from our community')).toBeVisible();
  const card = streamers.getByTestId('streamer-card').filter({ hasText: 'Nova Beats' });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('live-badge')).toHaveCount(0);
  await expect(card.getByRole('link', { name: 'Watch Nova Beats' })).toHaveAttribute(
    'href',
    'https://www.twitch.tv/nova_beats_e2e',
  );

  twitch.goLive('nova_beats_e2e', { title: 'Friday deep house' });
  // The server polls Twitch every TWITCH_POLL_SECONDS (5 s here) and pushes the change.
  await expect(card.getByTestId('live-badge')).toBeVisible({ timeout: 45_000 });
  await expect(card.getByText('Friday deep house')).toBeVisible();
  expect(twitch.streamCalls.some((logins) => logins.includes('nova_beats_e2e'))).toBe(true);
  await shot(streamers, 'streamers-live');
  await narrowShot(streamers, 'streamers-live-390');

  // The home page shows live streamers first, with 'view all'.
  const home = await visitor(browser, '/');
  const strip = home.getByTestId('home-streamers');
  await expect(strip.getByTestId('live-badge').first()).toBeVisible();
  await expect(strip.getByRole('link', { name: 'view all' })).toHaveAttribute('href', '/streamers');

  twitch.goOffline('nova_beats_e2e');
  await expect(card.getByTestId('live-badge')).toHaveCount(0, { timeout: 45_000 });
  await shot(page, 'recognised-streamers-admin');
  await admin.close();
  await streamers.context().close();
  await home.context().close();
});
