import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../../shared/events';
import { SHOP_TEXTS } from '../../../shared/texts/shop';
import { appForFile } from '../../test/app-for-file';
import { buy, giveTokens, ledgerCheck, makeCategory, makeItem, newKey } from '../../test/fixtures/shop';
import { openStream } from '../../test/sse-client';
import { Client, signUpMember } from '../../test/test-app';

const t = appForFile({ admin: 'Shop Admin' });
let category: string;
beforeAll(async () => {
  category = await makeCategory(t.admin);
  await t.listen();
});

describe('the shop catalogue', () => {
  it('lists active categories and active items in sort order; hidden ones never show', async () => {
    const cat = await makeCategory(t.admin);
    const hiddenCat = await makeCategory(t.admin);
    const second = await makeItem(t.admin, cat, { name: 'Second', priceGbp: 2, sortOrder: 2 });
    const first = await makeItem(t.admin, cat, { name: 'First', priceGbp: 1.5, sortOrder: 1 });
    const off = await makeItem(t.admin, cat, { name: 'Off', priceGbp: 1, isActive: false });
    const inHidden = await makeItem(t.admin, hiddenCat, { name: 'In hidden', priceGbp: 1 });
    await t.admin.patch(`/api/shop/categories/${hiddenCat}`, { isActive: false });
    const shop = (await new Client(t.app).get('/api/shop')).json();
    const ids = shop.items.map((i: { id: string }) => i.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids).not.toContain(off.id);
    expect(ids).not.toContain(inHidden.id);
    expect(shop.categories.map((c: { id: string }) => c.id)).not.toContain(hiddenCat);
    // An item costs its price rounded up, in tokens.
    expect(shop.items.find((i: { id: string }) => i.id === first.id)).toMatchObject({
      priceGbp: 1.5,
      tokenCost: 2,
    });
    // Without Stripe settings, the buy box says card payments are off; the rest of the shop works.
    expect(shop.cardPayments).toMatchObject({
      enabled: false,
      packs: [10, 16],
      min: 10,
      max: 1000,
      step: 10,
      defaultAmount: 50,
    });
  });

  it('lists the top 5 supporters by tokens spent, never one who opted out', async () => {
    const item = await makeItem(t.admin, category, { priceGbp: 1, metadata: { vip: true } });
    const spenders = [];
    for (let i = 0; i < 7; i++) {
      const m = await signUpMember(t.app, `Supporter ${i}`);
      await giveTokens(t.admin, m.userId, 10);
      for (let k = 0; k <= i; k++) expect((await buy(m, item.id)).statusCode).toBe(200);
      spenders.push(m);
    }
    await spenders[6].patch('/api/me', { showInTopSupporters: false });
    const { supporters } = (await new Client(t.app).get('/api/shop')).json();
    expect(supporters.map((s: { displayName: string }) => s.displayName)).toEqual([
      'Supporter 5',
      'Supporter 4',
      'Supporter 3',
      'Supporter 2',
      'Supporter 1',
    ]);
    expect(supporters[0]).toMatchObject({ totalSpent: 6 });
    expect(supporters[0]).not.toHaveProperty('email');
  });
});

describe('card payments not set up', () => {
  it('the buy box is off, and a checkout says so without a broken button', async () => {
    const m = await signUpMember(t.app);
    const res = await m.post('/api/shop/checkout', { tokens: 50 });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('Card payments are not set up on this station.');
    const hook = await new Client(t.app).post('/api/stripe/webhook', { id: 'evt_1' });
    expect(hook.statusCode).toBe(404);
  });
});

describe('buying with tokens', () => {
  it('needs a login, with the exact text', async () => {
    const item = await makeItem(t.admin, category, { priceGbp: 1 });
    const res = await new Client(t.app).post(`/api/shop/items/${item.id}/buy`, { idempotencyKey: newKey() });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('You must be logged in to make a purchase');
  });

  it('refuses a short balance with the exact words, and changes nothing', async () => {
    const m = await signUpMember(t.app, 'Short Sam');
    await giveTokens(t.admin, m.userId, 3);
    const item = await makeItem(t.admin, category, { name: 'Golden Mic', priceGbp: 4.2 });
    const res = await buy(m, item.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('You need 5 tokens but only have 3. Purchase more tokens first!');
    expect(SHOP_TEXTS.notEnoughTokens(5, 3)).toBe(res.json().error.message);
    expect((await m.get('/api/shop/me')).json()).toMatchObject({
      wallet: { balance: 3, totalSpent: 0 },
      purchases: [expect.anything()],
    });
  });

  it('charges the rounded-up price once, records purchase and ledger, and answers the exact message', async () => {
    const m = await signUpMember(t.app, 'Buyer Bea');
    await giveTokens(t.admin, m.userId, 20);
    const item = await makeItem(t.admin, category, {
      name: 'Neon Icon',
      priceGbp: 4.01,
      icon: '💡',
      metadata: { usernameIcon: true },
    });
    const stream = openStream(t.base, { cookie: m.cookie });
    await stream.opened;
    const key = newKey();
    const res = await buy(m, item.id, key);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Successfully purchased Neon Icon!',
      wallet: { balance: 15, totalSpent: 5 },
    });
    expect((await stream.waitFor(EVENT_TYPES.walletChanged)).data).toMatchObject({ balance: 15 });
    // The same click again (same key) answers the same purchase and charges nothing more.
    const again = await buy(m, item.id, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().purchase.id).toBe(res.json().purchase.id);
    expect(again.json().wallet.balance).toBe(15);
    // A one-off item cannot be bought twice.
    const twice = await buy(m, item.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('You already own Neon Icon.');
    const mine = (await m.get('/api/shop/me')).json();
    expect(mine.purchases[0]).toMatchObject({
      itemName: 'Neon Icon',
      paymentMethod: 'tokens',
      tokensSpent: 5,
      amountGbp: 4.01,
      status: 'completed',
    });
    expect(mine.usernameIcon).toBe('💡');
    expect((await m.get('/api/me')).json().me.tokenBalance).toBe(15);
    const check = await ledgerCheck(t.dbh, m.userId);
    expect(check.ledgerSum).toBe(check.balance);
    expect(check.balance).toBe(check.earned - check.spent);
    stream.close();
  });

  it('answers Product not found for unknown, inactive or malformed items', async () => {
    const m = await signUpMember(t.app);
    await giveTokens(t.admin, m.userId, 10);
    const off = await makeItem(t.admin, category, { priceGbp: 1, isActive: false });
    for (const id of [off.id, '00000000-0000-0000-0000-000000000000', 'not-a-uuid']) {
      const res = await buy(m, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Product not found');
    }
  });

  it('counts stock: the last one sells, then it is sold out', async () => {
    const item = await makeItem(t.admin, category, {
      name: 'Signed Vinyl',
      priceGbp: 1,
      stockQuantity: 1,
      isLimitedEdition: true,
    });
    const a = await signUpMember(t.app);
    const b = await signUpMember(t.app);
    for (const m of [a, b]) await giveTokens(t.admin, m.userId, 5);
    expect((await buy(a, item.id)).statusCode).toBe(200);
    const res = await buy(b, item.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Sorry, Signed Vinyl is sold out.');
    expect((await b.get('/api/shop/me')).json().wallet.balance).toBe(5);
    const listed = (await new Client(t.app).get('/api/shop'))
      .json()
      .items.find((i: { id: string }) => i.id === item.id);
    expect(listed.stockQuantity).toBe(0);
  });

  it('VIP is bought again and again, each time extending from the later of now and the current end', async () => {
    const m = await signUpMember(t.app, 'Vip Vic');
    await giveTokens(t.admin, m.userId, 50);
    const vip = await makeItem(t.admin, category, {
      name: 'VIP Month',
      priceGbp: 5,
      metadata: { vip: true, durationMonths: 1 },
    });
    const first = (await buy(m, vip.id)).json().purchase;
    const second = (await buy(m, vip.id)).json().purchase;
    const months = (iso: string) => new Date(iso).getUTCFullYear() * 12 + new Date(iso).getUTCMonth();
    expect(months(second.expiresAt) - months(first.expiresAt)).toBe(1);
    const mine = (await m.get('/api/shop/me')).json();
    expect(mine.vip).toMatchObject({ active: true, lifetime: false, expiresAt: second.expiresAt });
    expect(mine.activeFeatures.filter((f: { kind: string }) => f.kind === 'vip')).toHaveLength(1);
    // An item whose name says VIP but carries no flag gives no VIP status.
    const fake = await signUpMember(t.app);
    await giveTokens(t.admin, fake.userId, 5);
    const named = await makeItem(t.admin, category, { name: 'VIP Sticker', priceGbp: 1 });
    await buy(fake, named.id);
    expect((await fake.get('/api/shop/me')).json().vip.active).toBe(false);
    // No duration: lifetime.
    const life = await makeItem(t.admin, category, {
      name: 'VIP Forever',
      priceGbp: 1,
      metadata: { vip: true },
    });
    await buy(fake, life.id);
    expect((await fake.get('/api/shop/me')).json().vip).toMatchObject({
      active: true,
      lifetime: true,
      expiresAt: null,
    });
  });
});

describe('themes', () => {
  it('only an owned theme can be chosen; default is free; unknown ones are refused', async () => {
    const m = await signUpMember(t.app, 'Theme Tess');
    const refused = await m.patch('/api/me', { themePreference: 'halloween' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('You do not own this theme yet. Find it in the shop.');
    expect((await m.patch('/api/me', { themePreference: 'neon-pink' })).statusCode).toBe(400);
    expect((await m.patch('/api/me', { themePreference: 'default' })).statusCode).toBe(200);
    const theme = await makeItem(t.admin, category, {
      name: 'Halloween Theme',
      priceGbp: 3,
      metadata: { themeId: 'halloween' },
    });
    await giveTokens(t.admin, m.userId, 3);
    expect((await buy(m, theme.id)).statusCode).toBe(200);
    const ok = await m.patch('/api/me', { themePreference: 'halloween' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().me.profile.themePreference).toBe('halloween');
    expect((await m.get('/api/shop/me')).json().ownedThemes).toEqual(['default', 'halloween']);
    expect((await m.patch('/api/me', { themePreference: null })).statusCode).toBe(200);
  });
});

describe('gifts', () => {
  it('give tokens and an item as a purchase at price 0 (admin_gift), notify the member and push the balance', async () => {
    const m = await signUpMember(t.app, 'Lucky Lou');
    const stream = openStream(t.base, { cookie: m.cookie });
    await stream.opened;
    const item = await makeItem(t.admin, category, {
      name: 'Bar Visualiser',
      priceGbp: 8,
      metadata: { unlocks: 'bar_visualiser' },
    });
    const res = await t.admin.post('/api/shop/gifts', { userId: m.userId, itemId: item.id, tokens: 25 });
    expect(res.statusCode).toBe(201);
    expect(res.json().wallet).toMatchObject({ balance: 25, totalEarned: 25 });
    expect((await stream.waitFor(EVENT_TYPES.walletChanged)).data).toMatchObject({ balance: 25 });
    expect((await stream.waitFor(EVENT_TYPES.notificationCreated)).data).toMatchObject({
      title: 'You received a gift!',
    });
    const mine = (await m.get('/api/shop/me')).json();
    expect(mine.purchases[0]).toMatchObject({
      itemName: 'Bar Visualiser',
      amountGbp: 0,
      paymentMethod: 'admin_gift',
      tokensGranted: 25,
    });
    expect(mine.features).toEqual(['bar_visualiser']);
    const again = await t.admin.post('/api/shop/gifts', { userId: m.userId, itemId: item.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This member already owns Bar Visualiser.');
    stream.close();
  });

  it('validate: nothing to give, fractional or too many tokens, unknown member', async () => {
    const m = await signUpMember(t.app);
    const bad = [
      [{ userId: m.userId }, 'Choose an item or a number of tokens to give.'],
      [{ userId: m.userId, tokens: 2.5 }, 'Tokens must be a whole number from 0 to 10000.'],
      [{ userId: m.userId, tokens: -1 }, 'Tokens must be a whole number from 0 to 10000.'],
      [{ userId: m.userId, tokens: 10_001 }, 'Tokens must be a whole number from 0 to 10000.'],
    ] as const;
    for (const [body, message] of bad) {
      const res = await t.admin.post('/api/shop/gifts', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const ghost = await t.admin.post('/api/shop/gifts', {
      userId: '00000000-0000-0000-0000-000000000000',
      tokens: 5,
    });
    expect(ghost.statusCode).toBe(404);
    expect((await m.post('/api/shop/gifts', { userId: m.userId, tokens: 5 })).statusCode).toBe(403);
    expect((await m.get('/api/shop/me')).json().wallet.balance).toBe(0);
  });
});

describe('the admin shop', () => {
  it('creates, really edits, toggles and deletes items; validates with the form’s rules', async () => {
    const missing = await t.admin.post('/api/shop/items', {
      categoryId: category,
      description: 'x',
      priceGbp: 1,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Name is required');
    const cents = await t.admin.post('/api/shop/items', {
      categoryId: category,
      name: 'X',
      description: 'x',
      priceGbp: 1.005,
    });
    expect(cents.statusCode).toBe(400);
    const item = await makeItem(t.admin, category, { name: 'Draft', priceGbp: 2 });
    const edited = await t.admin.patch(`/api/shop/items/${item.id}`, {
      name: 'Final',
      priceGbp: 3.5,
      stockQuantity: 10,
      isLimitedEdition: true,
      sortOrder: 7,
      metadata: { themeId: 'disco', features: ['Glitter ball'], durationMonths: 2 },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().item).toMatchObject({
      name: 'Final',
      priceGbp: 3.5,
      tokenCost: 4,
      stockQuantity: 10,
      sortOrder: 7,
    });
    expect(
      (await t.admin.patch(`/api/shop/items/${item.id}`, { isActive: false })).json().item.isActive,
    ).toBe(false);
    const all = (await t.admin.get('/api/shop/admin/catalogue')).json();
    expect(all.items.find((i: { id: string }) => i.id === item.id)).toMatchObject({
      isActive: false,
      name: 'Final',
    });
    expect((await t.admin.delete(`/api/shop/items/${item.id}`)).statusCode).toBe(200);
    expect((await t.admin.delete(`/api/shop/items/${item.id}`)).statusCode).toBe(404);
  });

  it('keeps an item members own, and a category that still has items', async () => {
    const cat = await makeCategory(t.admin);
    const item = await makeItem(t.admin, cat, { name: 'Kept', priceGbp: 0 });
    const m = await signUpMember(t.app);
    expect((await buy(m, item.id)).statusCode).toBe(200);
    const del = await t.admin.delete(`/api/shop/items/${item.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe(SHOP_TEXTS.itemOwnedNoDelete);
    const delCat = await t.admin.delete(`/api/shop/categories/${cat}`);
    expect(delCat.statusCode).toBe(409);
    expect(delCat.json().error.message).toBe('This category still has items. Move or delete them first.');
    const dup = await t.admin.post('/api/shop/categories', {
      name: 'Dup',
      slug: (await t.admin.get('/api/shop/admin/catalogue')).json().categories[0].slug,
    });
    expect(dup.statusCode).toBe(409);
  });
});
