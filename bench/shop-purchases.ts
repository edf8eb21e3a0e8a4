/**
 * Spending tokens under load, on PostgreSQL (real concurrency; the embedded database runs one at a time):
 *  1. N purchases at once (default 1,000) against one member's balance (default 400): no overspend, the
 *     balance never below zero, the ledger's sum equal to the balance.
 *  2. 100 operations at once on one balance, credits (admin gifts) and spends (purchases) mixed.
 *   node --import tsx bench/shop-purchases.ts [purchases=1000] [balance=400]
 * PostgreSQL from BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { randomUUID } from 'node:crypto';
import { signUpMember } from '../src/server/test/test-app';
import { countBy, freshPostgres, httpClient, moneyCheck, startShopApp } from './shop-support';

const purchases = Number(process.argv[2] ?? 1000);
const startBalance = Number(process.argv[3] ?? 400);
const db = await freshPostgres('purchases');
const { app, url } = await startShopApp({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: '20' });
const query = (sql: string, params: unknown[]) => app.ctx.dbh.query<Record<string, unknown>>(sql, params);
let failed = false;
const verdict = (ok: boolean) => {
  if (!ok) failed = true;
  return ok ? 'MET' : 'NOT MET';
};

const admin = await signUpMember(app, 'Bench Admin');
const adminHttp = httpClient(url, admin.cookie);
const cat = (await adminHttp('POST', '/api/shop/categories', { name: 'VIP', slug: 'vip' })).json.category;
const vip = (
  await adminHttp('POST', '/api/shop/items', {
    categoryId: cat.id,
    name: 'VIP Day Pass',
    description: 'One token, bought again and again.',
    priceGbp: 1,
    metadata: { vip: true, durationMonths: 1 },
  })
).json.item;
const three = (
  await adminHttp('POST', '/api/shop/items', {
    categoryId: cat.id,
    name: 'Shout-out',
    description: 'Three tokens.',
    priceGbp: 2.5,
    metadata: { vip: true },
  })
).json.item;

// 1. N purchases at once against one balance.
const buyer = await signUpMember(app, 'Bench Buyer');
await adminHttp('POST', '/api/shop/gifts', { userId: buyer.userId, tokens: startBalance });
const buyerHttp = httpClient(url, buyer.cookie);
let t0 = performance.now();
const results = await Promise.all(
  Array.from({ length: purchases }, () =>
    buyerHttp('POST', `/api/shop/items/${vip.id}/buy`, { idempotencyKey: randomUUID() }),
  ),
);
let ms = performance.now() - t0;
const ok = results.filter((r) => r.status === 200).length;
const codes = countBy(results, (r) => r.status);
const after = await moneyCheck(query, buyer.userId);
const expectedOk = Math.min(purchases, startBalance);
console.log(
  `${purchases} concurrent purchases of a 1-token item, balance ${startBalance}, PostgreSQL, over HTTP:`,
);
console.log(
  `  answers ${JSON.stringify(codes)} in ${ms.toFixed(0)} ms (${((purchases / ms) * 1000).toFixed(0)} req/s)`,
);
console.log(
  `  succeeded ${ok} (expected ${expectedOk}), purchase rows ${after.purchases}, spent ${after.spent}; overspend ${Math.max(0, after.spent - startBalance)} ${verdict(ok === expectedOk && after.spent === ok && after.purchases === ok)}`,
);
console.log(
  `  balance ${after.balance}, lowest balance ever left ${after.lowest} ${verdict(after.balance >= 0 && (after.lowest ?? 0) >= 0)}`,
);
console.log(
  `  ledger sum ${after.ledger} = balance ${after.balance} ${verdict(after.ledger === after.balance)}`,
);

// 2. Credits and spends mixed, 100 at once.
const mixer = await signUpMember(app, 'Bench Mixer');
await adminHttp('POST', '/api/shop/gifts', { userId: mixer.userId, tokens: 20 });
const mixerHttp = httpClient(url, mixer.cookie);
t0 = performance.now();
const mixed = await Promise.all(
  Array.from({ length: 100 }, (_, i) =>
    i % 2 === 0
      ? adminHttp('POST', '/api/shop/gifts', { userId: mixer.userId, tokens: 2 }).then((r) => ({
          kind: 'credit',
          ...r,
        }))
      : mixerHttp('POST', `/api/shop/items/${three.id}/buy`, { idempotencyKey: randomUUID() }).then((r) => ({
          kind: 'spend',
          ...r,
        })),
  ),
);
ms = performance.now() - t0;
const credits = mixed.filter((r) => r.kind === 'credit' && r.status === 201).length;
const spends = mixed.filter((r) => r.kind === 'spend' && r.status === 200).length;
const refused = mixed.filter((r) => r.kind === 'spend' && r.status === 409).length;
const m = await moneyCheck(query, mixer.userId);
const expected = 20 + credits * 2 - spends * three.tokenCost;
console.log(
  `100 concurrent operations on one balance (50 gifts of 2 tokens, 50 purchases of 3), start 20, in ${ms.toFixed(0)} ms:`,
);
console.log(
  `  credits ${credits}/50, spends ${spends} succeeded and ${refused} refused for lack of tokens, other answers ${mixed.length - credits - spends - refused}`,
);
console.log(
  `  balance ${m.balance} = 20 + ${credits * 2} - ${spends * three.tokenCost} = ${expected} ${verdict(m.balance === expected && credits === 50 && spends + refused === 50)}`,
);
console.log(
  `  lowest balance ever left ${m.lowest}; ledger sum ${m.ledger} = balance ${verdict((m.lowest ?? 0) >= 0 && m.ledger === m.balance)}`,
);

await app.close();
await db.drop();
console.log(failed ? 'RESULT: NOT MET' : 'RESULT: ALL MET');
process.exit(failed ? 1 : 0);
