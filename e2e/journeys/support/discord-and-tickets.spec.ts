import { createPrivateKey, sign } from 'node:crypto';
import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import { ensureAdminFirst, loginAsAdmin, newMemberPage as member, shot } from '../../support/common';

const FAKE = `http://127.0.0.1:${process.env.E2E_DISCORD_PORT}`;
const APP_ID = '1300000000000000001';
const MOBILE = { width: 390, height: 844 };
// Pages are lazy chunks loaded alongside two or three browsers: give each step room on a busy machine.
const expect = baseExpect.configure({ timeout: 25_000 });

test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));
// Two or three browsers each and screenshots at two sizes: slower than one minute on a busy machine.
test.describe.configure({ timeout: 240_000 });

async function adminPage(browser: Browser) {
  const ctx = await browser.newContext();
  await loginAsAdmin(ctx.request);
  return { page: await ctx.newPage(), ctx };
}

async function bothSizes(page: Page, name: string) {
  await shot(page, `${name}-desktop`);
  const size = page.viewportSize();
  await page.setViewportSize(MOBILE);
  // Let the narrow layout settle and paint before the full-page capture.
  await page.waitForTimeout(500);
  await shot(page, `${name}-390`);
  if (size) await page.setViewportSize(size);
}

test('an admin saves a webhook, composes an embed with fields, previews and sends exactly that', async ({
  browser,
  request,
}) => {
  const hook = await (await request.post(`${FAKE}/_fake/webhooks`)).json();
  const { page, ctx } = await adminPage(browser);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Discord' }).click();

  await page.getByLabel('Webhook URL').fill('https://example.com/api/webhooks/1/abc');
  await page.getByRole('button', { name: 'Save Webhook' }).click();
  await expect(page.getByText('Please enter a valid Discord webhook URL')).toBeVisible();
  await page.getByLabel('Webhook URL').fill(hook.url);
  await page.getByRole('button', { name: 'Save Webhook' }).click();
  await expect(page.getByText('Webhook URL saved successfully!')).toBeVisible();
  await expect(page.getByText(`webhooks/${hook.id}/••••••••${hook.token.slice(-4)}`)).toBeVisible();
  await expect(page.locator('body')).not.toContainText(hook.token);

  await page.getByLabel('Message content').fill('Tonight on OnAir');
  await page.getByRole('button', { name: 'Add Embed' }).click();
  await page.getByLabel('Title').fill('Late Night Grooves');
  await page.getByLabel('Description').fill('Two hours of soul and funk.');
  await page.getByRole('button', { name: 'Add Field' }).click();
  await page.getByLabel('Field 1 name').fill('Host');
  await page.getByLabel('Value').first().fill('DJ Ann');
  await page.getByLabel('Inline').first().check();
  await page.getByRole('button', { name: 'Add Field' }).click();
  await page.getByLabel('Field 2 name').fill('When');
  await page.getByLabel('Value').nth(1).fill('22:00 tonight');
  await expect(page.getByTestId('counter-Title')).toHaveText('18/256');

  const preview = page.getByTestId('discord-preview');
  await expect(preview.getByText('Tonight on OnAir')).toBeVisible();
  const embed = preview.getByTestId('preview-embed');
  await expect(embed.getByRole('heading', { name: 'Late Night Grooves' })).toBeVisible();
  await expect(embed.getByText('DJ Ann')).toBeVisible();
  await expect(embed.getByText('22:00 tonight')).toBeVisible();
  await bothSizes(page, 'discord-composer');

  await page.getByRole('button', { name: 'Send to Discord' }).click();
  // Queued, then delivered by the background job through the fake Discord, usually before the send's own
  // answer reaches the page: the page keeps the newest state it hears (the stale 'queued' answer used to
  // overwrite the pushed 'sent' one, leaving 'queued · 0 attempts' on screen).
  await expect(page.getByText('Message sent successfully!')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('discord-delivery').first()).toHaveAttribute('data-status', 'sent');
  await expect(page.getByTestId('discord-delivery').first()).toContainText('1 attempt');

  const state = await (await request.get(`${FAKE}/_fake/state`)).json();
  const got = state.messages.filter((m: { webhookId: string }) => m.webhookId === hook.id);
  expect(got.map((m: { payload: unknown }) => m.payload)).toEqual([
    {
      content: 'Tonight on OnAir',
      embeds: [
        {
          title: 'Late Night Grooves',
          description: 'Two hours of soul and funk.',
          color: 9133302,
          fields: [
            { name: 'Host', value: 'DJ Ann', inline: true },
            { name: 'When', value: '22:00 tonight', inline: false },
          ],
        },
      ],
    },
  ]);
  // Sent: the composer is reset.
  await expect(page.getByLabel('Message content')).toHaveValue('');
  await bothSizes(page, 'discord-sent');
  await ctx.close();
});

test('a member opens a ticket and an admin’s reply appears in the open thread without a reload', async ({
  browser,
}) => {
  const visitor = await browser.newPage();
  await visitor.goto('/support');
  await expect(visitor.getByText('Please log in to access support')).toBeVisible();
  await visitor.close();

  const m = await member(browser, 'Sam Support');
  await m.page.goto('/support');
  await m.page.getByRole('button', { name: 'New Ticket' }).click();
  const dialog = m.page.getByRole('dialog', { name: 'New Ticket' });
  await dialog.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(dialog.getByText('Subject is required')).toBeVisible();
  await dialog.getByLabel('Subject').fill('The stream stutters on my phone');
  await dialog.getByLabel('Category').selectOption('technical');
  await dialog.getByLabel('Priority').selectOption('high');
  await dialog.getByLabel('Description').fill('Every evening around 9 the stream stops for a few seconds.');
  await dialog.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(dialog).toBeHidden();
  const thread = m.page.getByTestId('ticket-message');
  await expect(thread.first()).toContainText('Every evening around 9');
  const number =
    (await m.page
      .getByText(/^TKT-\d+$/)
      .first()
      .textContent()) ?? '';
  expect(number).toMatch(/^TKT-\d+$/);

  const admin = await adminPage(browser);
  await admin.page.goto('/admin-support');
  await expect(admin.page.getByRole('heading', { name: 'Admin Support Panel' })).toBeVisible();
  await expect(admin.page.getByText('Select a ticket to view and respond')).toBeVisible();
  await expect(admin.page.getByRole('heading', { name: /^Tickets \(\d+\)$/ })).toBeVisible();
  await admin.page.getByTestId('admin-ticket').filter({ hasText: 'The stream stutters on my phone' }).click();
  await admin.page.getByRole('button', { name: 'In Progress' }).click();
  await admin.page
    .getByPlaceholder('Type your staff reply...')
    .fill('Thanks Sam, we are looking at the relay.');
  await admin.page.getByRole('button', { name: 'Send', exact: true }).click();
  const staffSide = admin.page.getByTestId('ticket-message').filter({ hasText: 'looking at the relay' });
  await expect(staffSide).toHaveAttribute('data-staff', 'true');
  await bothSizes(admin.page, 'admin-support');

  const reply = m.page
    .getByTestId('ticket-message')
    .filter({ hasText: 'Thanks Sam, we are looking at the relay.' });
  await expect(reply).toBeVisible();
  await expect(reply.getByText('Staff', { exact: true })).toBeVisible();
  await expect(m.page.getByText('In Progress').first()).toBeVisible();
  await bothSizes(m.page, 'support-centre');

  await m.page.goto('/profile?tab=support');
  await expect(
    m.page.getByTestId('my-ticket').filter({ hasText: 'The stream stutters on my phone' }),
  ).toBeVisible();
  await bothSizes(m.page, 'profile-support-tab');
  await admin.ctx.close();
  await m.ctx.close();
});

test('a member gets a code from a signed /link interaction, enters it, and the profile shows the account', async ({
  browser,
  request,
}) => {
  const m = await member(browser, 'Linda Link');
  const body = JSON.stringify({
    id: '1300000000000000100',
    application_id: APP_ID,
    type: 2,
    token: 'interaction-token',
    version: 1,
    data: { id: '1300000000000000200', name: 'link', type: 1 },
    member: {
      user: {
        id: '1300000000000000300',
        username: 'linda.fm',
        global_name: null,
        discriminator: '0',
        avatar: null,
      },
    },
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const key = createPrivateKey(process.env.E2E_DISCORD_PRIVATE_KEY ?? '');
  const signature = sign(null, Buffer.from(timestamp + body), key).toString('hex');
  const unsigned = await request.post('/api/discord/interactions', {
    headers: { 'content-type': 'application/json' },
    data: body,
  });
  expect(unsigned.status()).toBe(401);
  const res = await request.post('/api/discord/interactions', {
    headers: {
      'content-type': 'application/json',
      'x-signature-ed25519': signature,
      'x-signature-timestamp': timestamp,
    },
    data: body,
  });
  expect(res.status()).toBe(200);
  const answer = await res.json();
  expect(answer.data.flags).toBe(64);
  const code = /\*\*(\d{6})\*\*/.exec(answer.data.content)?.[1] ?? '';

  await m.page.goto('/profile?tab=settings');
  const input = m.page.getByLabel('Verification code');
  await input.fill('12ab3');
  await expect(input).toHaveValue('123');
  await expect(m.page.getByRole('button', { name: 'Verify' })).toBeDisabled();
  await input.fill(code === '000000' ? '000001' : '000000');
  await m.page.getByRole('button', { name: 'Verify' }).click();
  await expect(m.page.getByText('Invalid or expired verification code')).toBeVisible();
  await input.fill(code);
  await m.page.getByRole('button', { name: 'Verify' }).click();
  await expect(m.page.getByTestId('discord-linked')).toContainText('linda.fm');
  await expect(m.page.getByTestId('profile-discord')).toContainText('linda.fm');
  await bothSizes(m.page, 'profile-discord-linked');
  await m.ctx.close();
});
