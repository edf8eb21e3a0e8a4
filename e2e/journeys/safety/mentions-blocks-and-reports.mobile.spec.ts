import { expect, type Page, test } from '@playwright/test';
import { ensureAdminFirst, expectNoSideways, newMemberPage, shot } from '../../support/common';

/** Safety at 390 px: the safety actions fit the live chat widget and a conversation's header. */
test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));
test.describe.configure({ timeout: 120_000 });

const chatMessage = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text });

test('report, block and delete fit the live chat widget and a conversation at 390 px', async ({
  browser,
}) => {
  const sam = await newMemberPage(browser, 'Small Sam');
  const tia = await newMemberPage(browser, 'Tiny Tia');
  expect(
    (await tia.ctx.request.post('/api/chat/messages', { data: { content: 'Hello from a phone' } })).status(),
  ).toBe(201);
  await sam.page.goto('/');
  // On the phone's home page the Live Chat tile opens the chat (the floating button steps aside while
  // the shortcut tiles are on screen).
  await sam.page
    .getByRole('navigation', { name: 'Shortcuts' })
    .getByRole('button', { name: /Live Chat/ })
    .click();
  const panel = sam.page.getByTestId('live-chat-panel');
  const line = chatMessage(sam.page, 'Hello from a phone');
  await expect(line.getByRole('button', { name: 'Report message from Tiny Tia' })).toBeVisible();
  await expect(line.getByRole('button', { name: 'Block Tiny Tia' })).toBeVisible();
  await panel.getByPlaceholder('Type a message...').fill('Hi @Tin');
  await panel.getByRole('option', { name: 'Tiny Tia' }).click();
  await expect(panel.getByPlaceholder('Type a message...')).toHaveValue('Hi @Tiny Tia ');
  await panel.getByRole('button', { name: 'Send chat message' }).click();
  await expect(chatMessage(sam.page, 'Hi @Tiny Tia')).toBeVisible();
  await expect(
    chatMessage(sam.page, 'Hi @Tiny Tia').getByRole('button', { name: 'Delete my message' }),
  ).toBeVisible();
  await expectNoSideways(sam.page);
  await shot(sam.page, 'safety-mobile-widget', { fullPage: false });

  await sam.page.goto(`/messages?user=${tia.id}`);
  await expect(sam.page.getByRole('button', { name: 'Report Tiny Tia' })).toBeVisible();
  await expect(sam.page.getByRole('button', { name: 'Block Tiny Tia' })).toBeVisible();
  await expectNoSideways(sam.page);
  await shot(sam.page, 'safety-mobile-conversation', { fullPage: false });
  await sam.ctx.close();
  await tia.ctx.close();
});
