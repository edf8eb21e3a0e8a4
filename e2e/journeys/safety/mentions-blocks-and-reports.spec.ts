import { type Browser, expect, type Page, test } from '@playwright/test';
import { ensureAdminFirst, loginAsAdmin, newMemberPage, shot } from '../../support/common';

/** Safety: block, report, delete my own messages, @mentions. */
test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));
// Three members' pages each, and axe on every photographed state.
test.describe.configure({ timeout: 150_000 });

const chatMessage = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text });

async function say(page: Page, text: string) {
  await page.getByPlaceholder('Type your message...').fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(chatMessage(page, text)).toBeVisible();
}

async function makeModerator(browser: Browser, userId: string) {
  const admin = await browser.newContext();
  await loginAsAdmin(admin.request);
  const roles = (await (await admin.request.get('/api/roles')).json()).roles as {
    id: string;
    name: string;
  }[];
  const roleId = roles.find((r) => r.name === 'moderator')!.id;
  expect((await admin.request.post('/api/role-assignments', { data: { userId, roleId } })).status()).toBe(
    201,
  );
  await admin.close();
}

async function openNotifications(page: Page) {
  await page
    .getByRole('button', { name: /notifications/i })
    .first()
    .click();
}

test('a member @mentions another with autocomplete, who is notified; then deletes their own message', async ({
  browser,
}) => {
  const quinn = await newMemberPage(browser, 'Quinn Mentioned');
  const max = await newMemberPage(browser, 'Max Mentioner');
  await quinn.page.goto('/presenter-chat');
  await say(quinn.page, 'Anyone else loving this set?');

  await max.page.goto('/presenter-chat');
  await expect(chatMessage(max.page, 'Anyone else loving this set?')).toBeVisible();
  const input = max.page.getByRole('combobox', { name: 'Type your message' });
  await input.fill('Totally @Qui');
  const options = max.page.getByRole('listbox', { name: 'Mention a member' });
  await expect(options.getByRole('option', { name: 'Quinn Mentioned' })).toBeVisible();
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  await shot(max.page, 'safety-mention-autocomplete', { fullPage: false });
  await input.press('Enter');
  await expect(input).toHaveValue('Totally @Quinn Mentioned ');
  await expect(options).toBeHidden();
  await input.pressSequentially('great pick!');
  await max.page.getByRole('button', { name: 'Send', exact: true }).click();

  // Quinn sees her name highlighted live, and a notification.
  const mention = chatMessage(quinn.page, 'great pick!');
  await expect(mention.locator('mark')).toHaveText('@Quinn Mentioned');
  await openNotifications(quinn.page);
  const notes = quinn.page.getByRole('region', { name: 'Notifications', exact: true });
  await expect(notes.getByText('Max Mentioner mentioned you in the live chat')).toBeVisible();
  await shot(quinn.page, 'safety-mention-notified');
  await quinn.page.keyboard.press('Escape');

  // Max deletes his own message: it disappears for Quinn too, without a reload.
  await say(max.page, 'Oops, wrong window');
  await chatMessage(max.page, 'Oops, wrong window')
    .getByRole('button', { name: 'Delete my message' })
    .click();
  const dialog = max.page.getByRole('dialog', { name: 'Delete your message?' });
  await shot(max.page, 'safety-delete-own');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(chatMessage(max.page, 'Oops, wrong window')).toHaveCount(0);
  await expect(chatMessage(quinn.page, 'Oops, wrong window')).toHaveCount(0);
  // Someone else's message has no delete button for a member, only report and block.
  const quinnsLine = chatMessage(max.page, 'Anyone else loving this set?');
  await expect(quinnsLine.getByRole('button', { name: /Delete/ })).toHaveCount(0);
  await expect(quinnsLine.getByRole('button', { name: 'Report message from Quinn Mentioned' })).toBeVisible();
  await quinn.ctx.close();
  await max.ctx.close();
});

test('a member blocks another: their chat disappears, they cannot message, and unblock is in settings', async ({
  browser,
}) => {
  const bea = await newMemberPage(browser, 'Bea Blocker');
  const pete = await newMemberPage(browser, 'Pesky Pete');
  const olga = await newMemberPage(browser, 'Olga Other');
  await pete.page.goto('/presenter-chat');
  await say(pete.page, 'Pete was here');
  await bea.page.goto('/presenter-chat');
  await expect(chatMessage(bea.page, 'Pete was here')).toBeVisible();

  await chatMessage(bea.page, 'Pete was here').getByRole('button', { name: 'Block Pesky Pete' }).click();
  const dialog = bea.page.getByRole('dialog', { name: 'Block Pesky Pete?' });
  await expect(dialog).toContainText('They are not told');
  await shot(bea.page, 'safety-block-confirm');
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(bea.page.getByText('Pesky Pete is blocked.')).toBeVisible();
  await expect(chatMessage(bea.page, 'Pete was here')).toHaveCount(0);

  // Pushed live: Pete's new line never shows for Bea; Olga's does.
  await say(pete.page, 'Pete again');
  await olga.page.goto('/presenter-chat');
  await say(olga.page, 'Olga says hi');
  await expect(chatMessage(bea.page, 'Olga says hi')).toBeVisible();
  await expect(chatMessage(bea.page, 'Pete again')).toHaveCount(0);
  await expect(chatMessage(olga.page, 'Pete again')).toBeVisible();

  // Pete cannot message Bea, and is not told why.
  await pete.page.goto(`/messages?user=${bea.id}`);
  await pete.page.getByPlaceholder('Type a message...').fill('Why so quiet?');
  await pete.page.getByRole('button', { name: 'Send message' }).click();
  await expect(pete.page.getByText('You cannot send messages to this member.')).toBeVisible();
  await shot(pete.page, 'safety-blocked-dm-refused');

  // Unblock from profile settings.
  await bea.page.goto('/profile?tab=settings');
  const list = bea.page.getByRole('list', { name: 'Blocked members' });
  await expect(list).toContainText('Pesky Pete');
  await list.scrollIntoViewIfNeeded();
  await shot(bea.page, 'safety-blocked-members');
  await list.getByRole('button', { name: 'Unblock Pesky Pete' }).click();
  await expect(bea.page.getByText('You have not blocked anyone.')).toBeVisible();
  await bea.page.goto('/presenter-chat');
  await expect(chatMessage(bea.page, 'Pete again')).toBeVisible();
  for (const m of [bea, pete, olga]) await m.ctx.close();
});

test('a member reports a chat message; a moderator resolves it and the reporter is told', async ({
  browser,
}) => {
  const rae = await newMemberPage(browser, 'Rae Reporter');
  const troll = await newMemberPage(browser, 'Tom Troll');
  const mod = await newMemberPage(browser, 'Mona Moderator');
  await makeModerator(browser, mod.id);

  await troll.page.goto('/presenter-chat');
  await say(troll.page, 'everyone here is an idiot');
  await rae.page.goto('/presenter-chat');
  await chatMessage(rae.page, 'everyone here is an idiot')
    .getByRole('button', { name: 'Report message from Tom Troll' })
    .click();
  const dialog = rae.page.getByRole('dialog', { name: 'Report this chat message' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Tell the moderators what is wrong');
  await dialog.getByLabel('What is wrong?').fill('Insulting the whole chat');
  await shot(rae.page, 'safety-report-dialog');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(rae.page.getByText('Thank you. Your report was sent to the moderators.')).toBeVisible();

  await mod.page.goto('/presenter');
  await mod.page
    .getByRole('navigation', { name: 'Panel sections' })
    .getByRole('button', { name: 'Moderator' })
    .click();
  const report = mod.page.getByTestId('report').filter({ hasText: 'everyone here is an idiot' });
  await expect(report).toContainText('Insulting the whole chat');
  await expect(report).toContainText('reported by Rae Reporter');
  await report.scrollIntoViewIfNeeded();
  await shot(mod.page, 'safety-reports-queue');
  await report.getByRole('button', { name: 'Resolve the report on Tom Troll' }).click();
  await expect(report).toHaveCount(0);

  await openNotifications(rae.page);
  await expect(
    rae.page
      .getByRole('region', { name: 'Notifications', exact: true })
      .getByText('Your report was reviewed'),
  ).toBeVisible();
  await shot(rae.page, 'safety-report-reviewed');
  for (const m of [rae, troll, mod]) await m.ctx.close();
});
