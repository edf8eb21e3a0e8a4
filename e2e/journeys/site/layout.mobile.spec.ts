import { expect, test } from '@playwright/test';
import { expectNoSideways, shot, signUpByApi, uniqueEmail } from '../../support/common';

test('the mobile layout at 390x844: header, bottom tabs, collapsible menu, no sideways scroll', async ({
  page,
}) => {
  await page.goto('/');
  const tabs = page.getByRole('navigation', { name: 'Tabs' });
  for (const label of ['Home', 'Schedule', 'Chart', 'Shop']) {
    await expect(tabs.getByRole('link', { name: label })).toBeVisible();
  }
  // Signed out, Profile opens the login modal.
  await expect(
    tabs.getByRole('button', { name: 'Profile' }).or(tabs.getByRole('link', { name: 'Profile' })),
  ).toBeVisible();
  await expect(page.getByText('LIVE').first()).toBeVisible();
  await expectNoSideways(page);
  await shot(page, 'mobile-home-anonymous');

  await page.getByRole('button', { name: 'Open menu' }).click();
  for (const link of ['Home', 'Schedule', 'News', 'Chart', 'Members', 'Shop', 'Requests', 'Staff']) {
    await expect(page.getByRole('link', { name: link, exact: true }).last()).toBeVisible();
  }
  await shot(page, 'mobile-menu-open');

  await signUpByApi(page.request, 'Molly Mobile', uniqueEmail('molly'));
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByText('Molly Mobile').first()).toBeVisible();
  await shot(page, 'mobile-menu-signed-in');
});
