import type { ShopItem } from '../../shared/contracts/shop';
import type { Client } from './test-app';

/** Shop helpers for tests: a category and items made through the admin API, tokens given as gifts. */

let n = 0;

export async function makeCategory(admin: Client, slug?: string) {
  n += 1;
  const res = await admin.post('/api/shop/categories', {
    name: `Category ${n}`,
    slug: slug ?? `category-${n}-${Date.now().toString(36)}`,
    icon: '⭐',
    sortOrder: n,
  });
  if (res.statusCode !== 201) throw new Error(`category: ${res.statusCode} ${res.body}`);
  return res.json().category.id as string;
}

export async function makeItem(
  admin: Client,
  categoryId: string,
  fields: Partial<Omit<ShopItem, 'id' | 'tokenCost' | 'createdAt'>> & { priceGbp: number },
): Promise<ShopItem> {
  n += 1;
  const res = await admin.post('/api/shop/items', {
    categoryId,
    name: `Item ${n}`,
    description: 'A test item.',
    ...fields,
  });
  if (res.statusCode !== 201) throw new Error(`item: ${res.statusCode} ${res.body}`);
  return res.json().item;
}

export async function giveTokens(admin: Client, userId: string, tokens: number) {
  const res = await admin.post('/api/shop/gifts', { userId, tokens });
  if (res.statusCode !== 201) throw new Error(`gift: ${res.statusCode} ${res.body}`);
  return res.json();
}

let keys = 0;
export const newKey = () => `key-${Date.now()}-${++keys}-${Math.random().toString(36).slice(2, 8)}`;

export async function buy(member: Client, itemId: string, key = newKey()) {
  return member.post(`/api/shop/items/${itemId}/buy`, { idempotencyKey: key });
}

/** The ledger's sum for a member and their stored balance, totals and lowest balance ever left. */
export async function ledgerCheck(
  dbh: { query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }> },
  userId: string,
) {
  const { rows } = await dbh.query<{
    sum: string | null;
    min_after: number | null;
    balance: number | null;
    earned: number | null;
    spent: number | null;
  }>(
    `SELECT (SELECT sum(delta) FROM token_ledger WHERE user_id = $1) AS sum,
            (SELECT min(balance_after) FROM token_ledger WHERE user_id = $1 AND reason = 'item_purchase') AS min_after,
            t.token_balance AS balance, t.total_earned AS earned, t.total_spent AS spent
       FROM (SELECT 1) x LEFT JOIN user_tokens t ON t.user_id = $1`,
    [userId],
  );
  const r = rows[0];
  return {
    ledgerSum: Number(r.sum ?? 0),
    minBalanceAfterPurchase: r.min_after === null ? null : Number(r.min_after),
    balance: Number(r.balance ?? 0),
    earned: Number(r.earned ?? 0),
    spent: Number(r.spent ?? 0),
  };
}
