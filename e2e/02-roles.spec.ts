import { expect, test } from '@playwright/test';
import { loginAsAdmin, PASSWORD, shot, signUpByApi, uniqueEmail } from './support';

test.describe('roles and role-based navigation', () => {
  test('a member sees a plain Staff link and is denied /roles', async ({ page }) => {
    await signUpByApi(page.request, 'Mo Member', uniqueEmail('member'));
    await page.goto('/');
    const nav = page.getByRole('navigation').first();
    for (const link of ['Home', 'Schedule', 'News', 'Chart', 'Members', 'Shop', 'Requests', 'Staff']) {
      await expect(nav.getByRole('link', { name: link, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
    await page.goto('/roles');
    await expect(page.getByText('Access Denied')).toBeVisible();
    await expect(page.getByText('You need administrator privileges to access this page.')).toBeVisible();
    await shot(page, 'roles-denied-member');
  });

  test('a presenter gets the Staff dropdown with Staff and Panel only', async ({ page, browser }) => {
    const email = uniqueEmail('presenter');
    const me = await signUpByApi(page.request, 'Pat Presenter', email);
    const adminCtx = await browser.newContext();
    await loginAsAdmin(adminCtx.request);
    const res = await adminCtx.request.patch(`/api/users/${me.user.id}/role`, {
      data: { role: 'presenter' },
    });
    expect(res.ok()).toBe(true);
    await adminCtx.close();
    await page.goto('/');
    await page.getByRole('button', { name: /Staff/ }).first().click();
    await expect(
      page.getByRole('menuitem', { name: 'Panel' }).or(page.getByRole('link', { name: 'Panel' })),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
    await expect(page.getByText('presenter', { exact: true }).first()).toBeVisible();
    await shot(page, 'nav-presenter-dropdown');
  });

  test('the admin creates a role from a template and assigns it; a duplicate is refused', async ({
    page,
  }) => {
    await loginAsAdmin(page.request);
    const email = uniqueEmail('helper');
    await page.request.post('/api/auth/logout');
    const helper = await signUpByApi(page.request, 'Helpful Hana', email);
    await page.request.post('/api/auth/logout');
    await loginAsAdmin(page.request);

    await page.goto('/');
    await page.getByRole('button', { name: /Staff/ }).first().click();
    await expect(
      page.getByRole('link', { name: 'Admin Panel' }).or(page.getByRole('menuitem', { name: 'Admin Panel' })),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/roles');
    await expect(page.getByText('news_reporter').first()).toBeVisible();
    await page.getByRole('button', { name: /create role|new role/i }).click();
    await page.getByRole('button', { name: /Community Manager/ }).click();
    await page.getByLabel(/^Name/).fill('Night Shift Crew');
    await page.getByLabel(/Display name/i).fill('Night Shift Crew');
    await page.getByRole('button', { name: /^(Create|Save)/ }).click();
    await expect(page.getByText('night_shift_crew').first()).toBeVisible();

    await page
      .getByRole('button', { name: /assign role/i })
      .first()
      .click();
    const form = page
      .locator('form')
      .filter({ has: page.getByRole('combobox').first() })
      .last();
    await form
      .getByRole('combobox')
      .nth(0)
      .selectOption({ label: /Helpful Hana/ as unknown as string });
    await form.getByRole('combobox').nth(1).selectOption({ label: 'Night Shift Crew' });
    await form.getByRole('button', { name: /^Assign/ }).click();
    await expect(page.getByText('Role assigned successfully!')).toBeVisible();
    await shot(page, 'roles-assigned');

    await page
      .getByRole('button', { name: /assign role/i })
      .first()
      .click();
    const again = page
      .locator('form')
      .filter({ has: page.getByRole('combobox').first() })
      .last();
    await again
      .getByRole('combobox')
      .nth(0)
      .selectOption({ label: /Helpful Hana/ as unknown as string });
    await again.getByRole('combobox').nth(1).selectOption({ label: 'Night Shift Crew' });
    await again.getByRole('button', { name: /^Assign/ }).click();
    await expect(page.getByText('This user already has this role assigned.')).toBeVisible();

    const me = await (await page.request.get('/api/role-assignments')).json();
    expect(me.assignments.filter((a: { userId: string }) => a.userId === helper.user.id)).toHaveLength(1);
    void PASSWORD;
  });
});
