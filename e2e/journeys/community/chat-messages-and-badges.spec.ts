import { type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { ensureAdminFirst, loginAsAdmin, shot, signUpByApi, uniqueEmail } from '../../support/common';

test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));

async function member(browser: Browser, name: string) {
  const ctx = await browser.newContext();
  const me = await signUpByApi(ctx.request, name, uniqueEmail(name.split(' ')[0].toLowerCase()));
  return { page: await ctx.newPage(), id: me.user.id as string, ctx };
}

async function asAdmin(browser: Browser) {
  const ctx = await browser.newContext();
  await loginAsAdmin(ctx.request);
  return ctx;
}

const chatMessage = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text });

test('a member and a presenter chat live on /presenter-chat and through the widget', async ({ browser }) => {
  const listener = await member(browser, 'Chatty Charlie');
  const presenter = await member(browser, 'DJ Petra');
  const admin = await asAdmin(browser);
  expect(
    (await admin.request.patch(`/api/users/${presenter.id}/role`, { data: { role: 'presenter' } })).ok(),
  ).toBe(true);
  await admin.close();

  await listener.page.goto('/presenter-chat');
  await presenter.page.goto('/presenter-chat');
  await expect(listener.page.getByText('Live Presenter Chat')).toBeVisible();
  await expect(listener.page.getByRole('button', { name: 'Send as Presenter' })).toHaveCount(0);

  await listener.page.getByPlaceholder('Type your message...').fill('  Hello from the car!  ');
  await listener.page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(chatMessage(presenter.page, 'Hello from the car!')).toBeVisible();

  await presenter.page.getByPlaceholder('Type your message...').fill('Welcome aboard, Charlie!');
  await presenter.page.getByRole('button', { name: 'Send as Presenter' }).click();
  const reply = chatMessage(listener.page, 'Welcome aboard, Charlie!');
  await expect(reply).toBeVisible();
  await expect(reply).toHaveAttribute('data-presenter', 'true');
  await expect(reply.getByText('Presenter', { exact: true })).toBeVisible();
  await shot(listener.page, 'presenter-chat-member');

  // The floating widget on another page shares the same chat.
  await listener.page.goto('/');
  await listener.page.getByRole('button', { name: 'Live Chat' }).click();
  const panel = listener.page.getByTestId('live-chat-panel');
  await expect(panel.getByText('Welcome aboard, Charlie!')).toBeVisible();
  await panel.getByPlaceholder('Type a message...').fill('Sent from the widget');
  await panel.getByRole('button', { name: 'Send chat message' }).click();
  await expect(chatMessage(presenter.page, 'Sent from the widget')).toBeVisible();
  await shot(listener.page, 'live-chat-widget');
  await listener.ctx.close();
  await presenter.ctx.close();
});

test('a direct message appears in the other member’s open page without reload and is marked read', async ({
  browser,
}) => {
  const ann = await member(browser, 'Ann Sender');
  const bob = await member(browser, 'Bob Reader');
  await bob.page.goto(`/messages?user=${ann.id}`);
  await expect(bob.page.getByPlaceholder('Type a message...')).toBeVisible();

  await ann.page.goto(`/messages?user=${bob.id}`);
  await ann.page.getByPlaceholder('Type a message...').fill('Are you listening to the late show?');
  await ann.page.getByRole('button', { name: 'Send message' }).click();
  const mine = ann.page.getByTestId('dm-bubble').filter({ hasText: 'Are you listening to the late show?' });
  await expect(mine).toHaveAttribute('data-own', 'true');

  const theirs = bob.page.getByTestId('dm-bubble').filter({ hasText: 'Are you listening to the late show?' });
  await expect(theirs).toBeVisible();
  await expect(theirs).toHaveAttribute('data-own', 'false');
  // Bob has the conversation open, so it is read; Ann sees it without a reload.
  await expect(mine).toHaveAttribute('data-read', 'true');
  await shot(ann.page, 'dm-read');
  await ann.ctx.close();
  await bob.ctx.close();
});

test('the Konami code unlocks its badge with the banner', async ({ browser }) => {
  const gamer = await member(browser, 'Konami Kai');
  await gamer.page.goto('/');
  // Typed at once, as the page appears: keys pressed before the badge watcher has loaded count too.
  await gamer.page.locator('body').click({ position: { x: 5, y: 300 } });
  for (const key of [
    'ArrowUp',
    'ArrowUp',
    'ArrowDown',
    'ArrowDown',
    'ArrowLeft',
    'ArrowRight',
    'ArrowLeft',
    'ArrowRight',
    'b',
    'a',
  ]) {
    await gamer.page.keyboard.press(key);
  }
  await expect(gamer.page.getByTestId('display-name')).toBeVisible();
  await expect(gamer.page.getByTestId('badge-banner')).toContainText('Badge Unlocked:');
  await expect(gamer.page.getByTestId('badge-banner')).toContainText('Konami Master!');
  await shot(gamer.page, 'badge-konami');
  const mine = await (await gamer.ctx.request.get('/api/badges/mine')).json();
  expect(mine.badges.map((b: { badge: { code: string } }) => b.badge.code)).toContain('konami_code');
  await gamer.ctx.close();
});

test('a profile picture upload shows on the members list', async ({ browser }) => {
  const pic = await member(browser, 'Picture Perfect');
  await pic.page.goto('/profile?tab=settings');
  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#7c3aed' } })
    .png()
    .toBuffer();
  await pic.page
    .getByTestId('picture-input')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await pic.page.getByRole('button', { name: 'Upload' }).click();
  await expect(pic.page.getByText('Profile picture updated.')).toBeVisible();

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/members');
  await visitor.getByPlaceholder('Search members...').fill('Picture Perfect');
  const card = visitor.getByTestId('member-card').filter({ hasText: 'Picture Perfect' });
  await expect(card.locator('img')).toHaveAttribute('src', /^\/uploads\/avatars\/.+\.webp$/);
  await shot(visitor, 'members-with-picture');
  await pic.ctx.close();
});

test('a moderator deletes a chat message and it disappears for the other member', async ({ browser }) => {
  const author = await member(browser, 'Rowdy Rick');
  const mod = await member(browser, 'Moderator Mo');
  const admin = await asAdmin(browser);
  const roles = (await (await admin.request.get('/api/roles')).json()).roles as {
    id: string;
    name: string;
  }[];
  const moderator = roles.find((r) => r.name === 'moderator')!;
  expect(
    (
      await admin.request.post('/api/role-assignments', { data: { userId: mod.id, roleId: moderator.id } })
    ).status(),
  ).toBe(201);
  await admin.close();

  await author.page.goto('/presenter-chat');
  await author.page.getByPlaceholder('Type your message...').fill('BUY CHEAP FOLLOWERS NOW');
  await author.page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(chatMessage(author.page, 'BUY CHEAP FOLLOWERS NOW')).toBeVisible();

  await mod.page.goto('/presenter-chat');
  await mod.page.getByRole('button', { name: 'Delete message from Rowdy Rick' }).last().click();
  await mod.page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(chatMessage(mod.page, 'BUY CHEAP FOLLOWERS NOW')).toHaveCount(0);
  await expect(chatMessage(author.page, 'BUY CHEAP FOLLOWERS NOW')).toHaveCount(0);
  await shot(author.page, 'chat-message-moderated');
  await author.ctx.close();
  await mod.ctx.close();
});
