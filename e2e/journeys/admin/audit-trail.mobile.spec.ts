import { expect, test } from '@playwright/test';
import { ensureAdminFirst, expectNoSideways, shot } from '../../support/common';
import { developer, openStaffActions } from '../../support/staff';

test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));
test.describe.configure({ timeout: 180_000 });

test('the audit trail at 390 px: readable, filterable, nothing sideways', async ({ browser }) => {
  const dev = await developer(browser, 'Milo Mobile Dev');
  await dev.admin.request.patch('/api/requests/settings', { data: { enabled: false } });
  await dev.admin.request.patch('/api/requests/settings', { data: { enabled: true } });
  await dev.page.setViewportSize({ width: 390, height: 844 });
  const card = await openStaffActions(dev.page);
  await expect(
    card.getByTestId('staff-action').filter({ hasText: 'Switched song requests' }).first(),
  ).toBeVisible();
  await expectNoSideways(dev.page, 'staff actions at 390 px');
  await shot(dev.page, 'staff-audit-trail-390');
  await card.getByLabel('Action', { exact: true }).selectOption({ label: 'Switched song requests' });
  await expect(card.getByTestId('staff-action').first()).toContainText('enabled: true');
  await shot(dev.page, 'staff-audit-trail-390-filtered');
  await dev.admin.close();
  await dev.ctx.close();
});
