import { expect, test } from '@playwright/test';
import { developer, openStaffActions } from './13-staff-support';
import { ensureAdminFirst, shot, signUpByApi, uniqueEmail } from './support';

test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));
test.describe.configure({ timeout: 180_000 });

test('the audit trail: staff actions are listed with who, what, before and after, and filter', async ({
  browser,
}) => {
  const dev = await developer(browser, 'Audra Auditor');
  // The admin promotes someone and bans a song: both are staff actions.
  const target = await browser.newContext();
  const t = await signUpByApi(target.request, 'Pat Promoted', uniqueEmail('pat'));
  expect(
    (await dev.admin.request.patch(`/api/users/${t.user.id}/role`, { data: { role: 'presenter' } })).ok(),
  ).toBe(true);
  const song = `Audit Anthem ${Date.now()}`;
  expect(
    (
      await dev.admin.request.post('/api/banned-songs', { data: { title: song, artist: 'The Loggers' } })
    ).ok(),
  ).toBe(true);

  const card = await openStaffActions(dev.page);
  const role = card.getByTestId('staff-action').filter({ hasText: 'Pat Promoted' }).first();
  await expect(role).toContainText('Changed a member’s role');
  await expect(role).toContainText('by Station Founder');
  await expect(role).toContainText('role: user');
  await expect(role).toContainText('role: presenter');
  await expect(card.getByTestId('staff-action').filter({ hasText: song }).first()).toContainText(
    'Banned a song',
  );
  await shot(dev.page, 'staff-audit-trail');

  // Filters: by action, by who, by date.
  await card.getByLabel('Action', { exact: true }).selectOption({ label: 'Banned a song' });
  await expect(card.getByTestId('staff-action').filter({ hasText: 'Pat Promoted' })).toHaveCount(0);
  await expect(card.getByTestId('staff-action').first()).toContainText(song);
  await card.getByLabel('Action', { exact: true }).selectOption({ label: 'All actions' });
  await card.getByLabel('Who', { exact: true }).selectOption({ label: 'Station Founder' });
  await expect(card.getByTestId('staff-action').filter({ hasText: 'Pat Promoted' }).first()).toBeVisible();
  await card.getByLabel('To', { exact: true }).fill('2000-01-01');
  await expect(card.getByText('No staff actions match.')).toBeVisible();
  await shot(dev.page, 'staff-audit-trail-filtered');
  await target.close();
  await dev.admin.close();
  await dev.ctx.close();
});
