import { type Browser, expect, type Page } from '@playwright/test';
import { loginAsAdmin, signUpByApi, uniqueEmail } from './common';

/** A member with the developer role, signed in in a context of their own. */
export async function developer(browser: Browser, name: string) {
  const ctx = await browser.newContext();
  const me = await signUpByApi(ctx.request, name, uniqueEmail('dev'));
  const admin = await browser.newContext();
  await loginAsAdmin(admin.request);
  const { roles } = await (await admin.request.get('/api/roles')).json();
  const roleId = roles.find((r: { name: string }) => r.name === 'developer').id;
  expect(
    (await admin.request.post('/api/role-assignments', { data: { userId: me.user.id, roleId } })).ok(),
  ).toBe(true);
  return { ctx, admin, page: await ctx.newPage(), id: me.user.id as string };
}

/** Opens the Developer section's Staff Actions card. */
export async function openStaffActions(page: Page) {
  await page.goto('/presenter');
  await page
    .getByRole('navigation', { name: 'Panel sections' })
    .getByRole('button', { name: 'Developer' })
    .click();
  const card = page.getByTestId('staff-actions');
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByTestId('staff-action').first()).toBeVisible();
  return card;
}
