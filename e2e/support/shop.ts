import { type Browser, type BrowserContextOptions, devices, expect, type Page } from '@playwright/test';
import { expectNoSideways, loginAsAdmin, shot, signUpByApi, uniqueEmail } from './common';

/**
 * The shop: what a member notices on a fresh station's shop and on /success, at one width.
 * Shared by e2e/journeys/shop/success-and-donate.spec.ts (1280 px) and e2e/journeys/shop/success-and-donate.mobile.spec.ts (390 px); every screenshot is
 * checked with axe when E2E_AXE=1.
 */
export const WIDTHS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  mobile: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} satisfies Record<string, BrowserContextOptions>;

const balance = (page: Page) => page.getByTestId('token-balance').first();
const meBalance = async (page: Page) => (await (await page.request.get('/api/me')).json()).me.tokenBalance;

export async function successJourney(browser: Browser, width: keyof typeof WIDTHS) {
  const ctx = await browser.newContext(WIDTHS[width]);
  const name = `Sam Success ${width}`;
  await signUpByApi(ctx.request, name, uniqueEmail(`sam-${width}`));
  const page = await ctx.newPage();

  // Opened from a bookmark (no checkout): nothing was bought, no credit shown.
  await page.goto('/success');
  await expect(page.getByRole('heading', { name: 'Nothing was bought' })).toBeVisible();
  await expect(page.getByText('Tokens Added!')).toHaveCount(0);
  await expectNoSideways(page);
  await shot(page, `shop13-success-bookmark-${width}`);

  // A fresh station's shop: the default sections, the themes for sale, and an empty section says so.
  await page.goto('/shop');
  await expect(page.getByRole('heading', { name: 'Website Themes' })).toBeVisible();
  for (const theme of ['Version One', 'Matte Black', 'Disco', 'Day & Night']) {
    await expect(page.getByTestId('shop-item').filter({ hasText: theme }).first()).toBeVisible();
  }
  const icons = page
    .getByTestId('shop-section')
    .filter({ has: page.getByRole('heading', { name: 'Username Icons' }) });
  await expect(icons.getByText('Nothing in this section yet. Check back soon!')).toBeVisible();
  await expectNoSideways(page);
  await shot(page, `shop13-fresh-shop-${width}`);

  // A 10-token pack by card: /success waits for the webhook, then shows the credit of this paid order.
  await page.getByRole('button', { name: /^10 tokens/ }).click();
  await expect(page.getByTestId('checkout-amount')).toHaveText('£10.00', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Pay £10.00' }).click();
  await expect(page).toHaveURL(/\/success\?session_id=cs_/);
  await expect(page.getByRole('heading', { name: 'Tokens Added!' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('+10 tokens')).toBeVisible();
  await expect(page.getByTestId('success-balance')).toHaveText('10');
  // The header and /api/me (a cached read) agree with the wallet at once.
  if (width === 'desktop') await expect(balance(page)).toHaveText('10');
  expect(await meBalance(page)).toBe(10);
  await expectNoSideways(page);
  await shot(page, `shop13-success-paid-${width}`);

  // Another checkout's id (or one that is not this member's): nothing of it is shown.
  await page.goto('/success?session_id=cs_not_this_members');
  await expect(page.getByRole('heading', { name: 'Purchase not found' })).toBeVisible();
  await expect(page.getByText('Tokens Added!')).toHaveCount(0);
  await shot(page, `shop13-success-unknown-${width}`);
  await ctx.close();
}

/** Donate opens the station's donation page, once an admin has set one; before that there is none. */
export async function donateJourney(browser: Browser, width: keyof typeof WIDTHS) {
  const admin = await browser.newContext();
  await loginAsAdmin(admin.request);
  const set = (body: Record<string, unknown>) => admin.request.patch('/api/settings/site', { data: body });
  expect((await set({ donationUrl: '' })).ok()).toBe(true);
  const ctx = await browser.newContext(WIDTHS[width]);
  const page = await ctx.newPage();
  await page.goto('/');
  const support = page.locator('#support');
  await support.scrollIntoViewIfNeeded();
  await expect(support.getByText('raised of £100 target')).toBeVisible();
  await expect(support.getByRole('link', { name: /Donate/ })).toHaveCount(0);

  const url = 'https://donate.example.org/onair';
  const saved = await set({ donationUrl: url, donationGoalGbp: 250, donationRaisedGbp: 87.5 });
  expect(saved.ok(), await saved.text()).toBe(true);
  // Pushed to the open page: no reload.
  const donate = support.getByRole('link', { name: /Donate/ });
  await expect(donate).toHaveAttribute('href', url);
  await expect(donate).toHaveAttribute('target', '_blank');
  await expect(support.getByText('£87.50')).toBeVisible();
  await expect(support.getByText('raised of £250 target')).toBeVisible();
  await support.scrollIntoViewIfNeeded();
  await shot(page, `shop13-donate-${width}`, { fullPage: false });
  expect((await set({ donationUrl: '', donationGoalGbp: 100, donationRaisedGbp: 0 })).ok()).toBe(true);
  await ctx.close();
  await admin.close();
}
