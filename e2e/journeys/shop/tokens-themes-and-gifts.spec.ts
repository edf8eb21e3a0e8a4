import { expect, type Page, test } from '@playwright/test';
import { ensureAdminFirst, expectNoSideways, loginAsAdmin, newMemberPage, shot } from '../../support/common';

test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));

const balance = (page: Page) => page.getByTestId('token-balance').first();
const themeOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme ?? 'default');
/** What the site looks like at its base: the body's colour and glows (themes change both). */
const backgroundOf = (page: Page) =>
  page.evaluate(() => {
    const s = getComputedStyle(document.body);
    return `${s.backgroundColor} ${s.backgroundImage}`;
  });

/**
 * A member buys tokens through the (fake) Stripe Checkout, waits on /success for the webhook's
 * credit, buys two themes and the whole site changes look, cancels a checkout and lands on /failed; an
 * admin gifts tokens and the member's header balance follows without a reload. Desktop and 390 px.
 */
test('tokens by card, themes bought and worn, a cancelled checkout, a gift seen live', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await browser.newContext();
  await loginAsAdmin(admin.request);
  const run = Date.now().toString(36);
  const category = await admin.request.post('/api/shop/categories', {
    data: { name: `Themes ${run}`, slug: `themes-${run}`, icon: '🎨' },
  });
  expect(category.status(), await category.text()).toBe(201);
  const categoryId = (await category.json()).category.id;
  for (const [name, themeId] of [
    ['Matte Black Theme', 'matte-black'],
    ['Disco Theme', 'disco'],
  ] as const) {
    const item = await admin.request.post('/api/shop/items', {
      data: {
        categoryId,
        name: `${name} ${run}`,
        description: `Wear the ${name.replace(' Theme', '')} look across the whole site.`,
        priceGbp: 5,
        icon: '🎨',
        metadata: { themeId },
      },
    });
    expect(item.status(), await item.text()).toBe(201);
  }

  const member = await newMemberPage(browser, `Penny Buyer ${run}`);
  const page = member.page;
  // The inline theme script (allowed by its hash) and everything else must pass the CSP.
  const cspErrors: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
  });
  await page.goto('/shop');
  await expect(page.getByRole('heading', { name: 'Buy Tokens' })).toBeVisible();
  await expect(balance(page)).toHaveText('0');
  await shot(page, 'shop-desktop');

  // 50 tokens (the custom amount's default) through the hosted checkout.
  await page.getByRole('button', { name: 'Buy 50 tokens for £50.00' }).click();
  await expect(page.getByTestId('checkout-amount')).toHaveText('£50.00', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Pay £50.00' }).click();
  await expect(page).toHaveURL(/\/success\?session_id=cs_/);
  await expect(page.getByText('Processing your purchase...')).toBeVisible();
  await shot(page, 'success-processing-desktop');
  await expect(page.getByRole('heading', { name: 'Tokens Added!' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('success-balance')).toHaveText(/^50/);
  await expect(balance(page)).toHaveText('50');
  await shot(page, 'success-desktop');
  const successUrl = page.url();

  // Two themes, bought with tokens and worn: the whole site changes look.
  await page.goto('/shop');
  const before = await backgroundOf(page);
  await page.getByRole('button', { name: `Buy Matte Black Theme ${run} for 5 tokens` }).click();
  await expect(balance(page)).toHaveText('45');
  const matte = page.getByTestId('shop-item').filter({ hasText: `Matte Black Theme ${run}` });
  await matte.getByRole('button', { name: 'Use theme' }).click();
  await expect.poll(() => themeOf(page)).toBe('matte-black');
  expect(await backgroundOf(page)).not.toBe(before);
  await page.goto('/');
  await expect.poll(() => themeOf(page)).toBe('matte-black');
  await shot(page, 'theme-matte-black-desktop');

  await page.goto('/shop');
  await page.getByRole('button', { name: `Buy Disco Theme ${run} for 5 tokens` }).click();
  await expect(balance(page)).toHaveText('40');
  const disco = page.getByTestId('shop-item').filter({ hasText: `Disco Theme ${run}` });
  await disco.getByRole('button', { name: 'Use theme' }).click();
  await expect.poll(() => themeOf(page)).toBe('disco');
  await page.goto('/');
  await expect.poll(() => themeOf(page)).toBe('disco');
  const discoLook = await backgroundOf(page);
  expect(discoLook).not.toBe(before);
  await shot(page, 'theme-disco-desktop');

  // A cancelled checkout lands on /failed; nothing is credited.
  await page.goto('/shop');
  await page.getByRole('button', { name: /^10 tokens/ }).click();
  await expect(page.getByTestId('checkout-amount')).toHaveText('£10.00', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/failed/);
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  await expect(
    page.getByText('Your payment could not be processed. No charges have been made to your account.'),
  ).toBeVisible();
  await expect(balance(page)).toHaveText('40');
  await shot(page, 'failed-desktop');

  // An admin gives 20 tokens from the admin panel; the member's open page follows without a reload.
  await page.goto('/');
  const adminPage = await admin.newPage();
  await adminPage.goto('/admin');
  await expect(adminPage.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await adminPage.getByRole('tab', { name: 'Give Items', exact: true }).click();
  await adminPage
    .getByRole('searchbox', { name: 'Search members by name or email' })
    .fill(`Penny Buyer ${run}`);
  const recipient = adminPage.getByRole('radio', { name: new RegExp(`^Penny Buyer ${run} `) });
  await expect(recipient).toHaveCount(1);
  await recipient.check();
  await adminPage.getByRole('spinbutton', { name: 'Tokens' }).fill('20');
  await adminPage.getByRole('button', { name: 'Give', exact: true }).click();
  await expect(balance(page)).toHaveText('60', { timeout: 15_000 });
  await admin.close();

  // The same pages at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, name] of [
    ['/shop', 'shop-mobile'],
    [new URL(successUrl).pathname + new URL(successUrl).search, 'success-mobile'],
    ['/failed', 'failed-mobile'],
    ['/', 'theme-disco-mobile'],
  ] as const) {
    await page.goto(path);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    if (name === 'success-mobile') {
      await expect(page.getByRole('heading', { name: 'Tokens Added!' })).toBeVisible({ timeout: 20_000 });
    }
    await expectNoSideways(page, `${path} at 390 px`);
    await shot(page, name);
  }
  await page.goto('/shop');
  await page
    .getByTestId('shop-item')
    .filter({ hasText: `Matte Black Theme ${run}` })
    .getByRole('button', { name: 'Use theme' })
    .click();
  await expect.poll(() => themeOf(page)).toBe('matte-black');
  await page.goto('/');
  await shot(page, 'theme-matte-black-mobile');
  expect(cspErrors).toEqual([]);
  await member.ctx.close();
});
