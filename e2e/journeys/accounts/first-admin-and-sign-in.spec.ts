import { expect, test } from '@playwright/test';
import { ADMIN, PASSWORD, shot, uniqueEmail } from '../../support/common';

test.describe('accounts', () => {
  test('the first sign-up becomes the admin; validation texts; success message', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Register' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Full Name').fill(ADMIN.name);
    await dialog.getByLabel('Email').fill(ADMIN.email);
    await dialog.getByLabel('Password', { exact: true }).fill('abc');
    await dialog.getByLabel('Confirm Password').fill('abd');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(dialog.getByText('Passwords do not match')).toBeVisible();
    await dialog.getByLabel('Confirm Password').fill('abc');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(dialog.getByText('Password must be at least 6 characters')).toBeVisible();
    await shot(page, 'signup-validation');

    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByLabel('Confirm Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Account Created!')).toBeVisible();
    await expect(page.getByText('Welcome to the radio! You can now start exploring.')).toBeVisible();
    await expect(page.getByText(/first member of this station.*administrator/)).toBeVisible();
    await shot(page, 'signup-success-first-admin');
    await expect(page.getByRole('dialog')).toBeHidden({ timeout: 5000 });
    await expect(page.getByTestId('display-name')).toHaveText(ADMIN.name);
    await expect(page.getByTestId('role-badge')).toHaveText(/admin/i);
  });

  test('a wrong password shows the exact text; login, reload keeps the session, logout', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('listener');
    await request.post('/api/auth/sign-up', {
      data: { fullName: 'Lee Listener', email, password: PASSWORD, confirmPassword: PASSWORD },
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('wrong-password');
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(
      dialog.getByText(
        "Invalid email or password. Please check your credentials or register if you don't have an account.",
      ),
    ).toBeVisible();
    await shot(page, 'login-wrong-password');

    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByText('Lee Listener').first()).toBeVisible();
    await page.reload();
    await expect(page.getByText('Lee Listener').first()).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name.includes('session_token'))?.httpOnly).toBe(true);

    await page.getByRole('button', { name: 'Logout' }).first().click();
    await expect(page.getByRole('button', { name: 'Login' }).first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Login' }).first()).toBeVisible();
    await expect(page.getByText('Lee Listener')).toHaveCount(0);
  });
});
