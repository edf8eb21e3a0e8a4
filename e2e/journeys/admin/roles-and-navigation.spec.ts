import { expect, test } from '@playwright/test';
import { ensureAdminFirst, loginAsAdmin, shot, signUpByApi, uniqueEmail } from '../../support/common';

test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));

test.describe('roles and role-based navigation', () => {
  test('a member sees a plain Staff link and is denied /roles', async ({ page }) => {
    await signUpByApi(page.request, 'Mo Member', uniqueEmail('member'));
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
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
    await expect(page.getByTestId('role-badge')).toHaveText(/presenter/i);
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
    await page.getByRole('button', { name: 'Create Role' }).first().click();
    const roleForm = page.getByRole('form', { name: 'Create role' });
    await roleForm.getByRole('button', { name: /Community Manager/ }).click();
    await roleForm.getByLabel('Role Name').fill('Night Shift Crew');
    await roleForm.getByLabel('Display Name').fill('Night Shift Crew');
    await roleForm.getByRole('button', { name: 'Create Role' }).click();
    await expect(page.getByText('night_shift_crew').first()).toBeVisible();
    await shot(page, 'roles-created-from-template');

    const assign = async () => {
      await page.getByRole('button', { name: 'Assign Role' }).first().click();
      const form = page.getByRole('form', { name: 'Assign role' });
      await form.getByLabel('User').selectOption({ label: `Helpful Hana (${email})` });
      await form.getByLabel('Role').selectOption({ label: 'Night Shift Crew' });
      await form.getByRole('button', { name: 'Assign Role' }).click();
    };
    await assign();
    await expect(page.getByText('Role assigned successfully!')).toBeVisible();
    await shot(page, 'roles-assigned');
    await assign();
    await expect(page.getByText('This user already has this role assigned.')).toBeVisible();

    const me = await (await page.request.get('/api/role-assignments')).json();
    expect(me.assignments.filter((a: { userId: string }) => a.userId === helper.user.id)).toHaveLength(1);
  });
});
