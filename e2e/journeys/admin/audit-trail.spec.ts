import { expect, test } from '@playwright/test';
import { ensureAdminFirst, loginAsAdmin, shot, signUpByApi, uniqueEmail } from '../../support/common';
import { developer, openStaffActions } from '../../support/staff';

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

const FAKE_DISCORD = `http://127.0.0.1:${process.env.E2E_DISCORD_PORT}`;

test('Discord unreachable: the composer answers at once with the retry, sends others, and previews Markdown', async ({
  browser,
  request,
}) => {
  const hook = await (await request.post(`${FAKE_DISCORD}/_fake/webhooks`)).json();
  const ctx = await browser.newContext();
  await loginAsAdmin(ctx.request);
  expect((await ctx.request.put('/api/discord/webhook', { data: { url: hook.url } })).ok()).toBe(true);
  const page = await ctx.newPage();
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Discord' }).click();
  try {
    await request.post(`${FAKE_DISCORD}/_fake/chaos`, { data: { rate500: 1 } });
    const content = page.getByLabel('Message content');
    await content.fill('Down **but** queued');
    // The preview shows Discord's Markdown, not the raw asterisks.
    const preview = page.getByTestId('discord-preview');
    await expect(preview.locator('strong')).toHaveText('but');
    await expect(preview).not.toContainText('**');
    await page.getByRole('button', { name: 'Send to Discord' }).click();
    // Answered at once: the composer is free again, and says when the next attempt is.
    await expect(content).toHaveValue('');
    await expect(page.getByTestId('composer-progress')).toHaveText(
      /^(Queued, sending now|Sending\.\.\.|Queued, retrying \(attempt \d+, next in \d+ s\))$/,
    );
    await expect(page.getByTestId('composer-progress')).toHaveText(
      /Queued, retrying \(attempt 2, next in \d+ s\)/,
      {
        timeout: 20_000,
      },
    );
    await shot(page, 'discord-composer-retrying');
    // Another message goes while the first waits.
    await content.fill('Second, with `code` and [a link](https://radio.example)');
    await expect(preview.locator('code')).toHaveText('code');
    await expect(preview.getByRole('link', { name: 'a link' })).toHaveAttribute(
      'href',
      'https://radio.example',
    );
    await expect(page.getByRole('button', { name: 'Send to Discord' })).toBeEnabled();
    await page.getByRole('button', { name: 'Send to Discord' }).click();
    await expect(content).toHaveValue('');
    // Discord is back: both are delivered.
    await request.post(`${FAKE_DISCORD}/_fake/chaos`, { data: {} });
    await expect(page.getByText('Message sent successfully!')).toBeVisible({ timeout: 60_000 });
  } finally {
    await request.post(`${FAKE_DISCORD}/_fake/chaos`, { data: {} });
    await ctx.close();
  }
});
