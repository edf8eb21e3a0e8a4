import { and, eq, gte, sql } from 'drizzle-orm';
import type { Wallet } from '../../../shared/contracts/shop';
import { EVENT_TYPES, topics, type WalletChanged } from '../../../shared/events';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { type LedgerReason, tokenLedger, userTokens } from './shop.table';

/**
 * Balances change only here: inside the caller's transaction, by one UPDATE that also writes a ledger row
 * with the balance it left. A debit is conditional (balance >= cost, or nothing changes).
 */

type WalletRow = typeof userTokens.$inferSelect;

export const presentWallet = (w: Pick<WalletRow, 'tokenBalance' | 'totalEarned' | 'totalSpent'>): Wallet => ({
  balance: w.tokenBalance,
  totalEarned: w.totalEarned,
  totalSpent: w.totalSpent,
});

const EMPTY: Wallet = { balance: 0, totalEarned: 0, totalSpent: 0 };

export async function getWallet(db: DbOrTx, userId: string): Promise<Wallet> {
  const [w] = await db.select().from(userTokens).where(eq(userTokens.userId, userId));
  return w ? presentWallet(w) : EMPTY;
}

/** Creates the member's wallet when missing and locks it for the rest of the transaction. */
export async function lockWallet(tx: Tx, userId: string): Promise<WalletRow> {
  // One statement: an upsert that touches the row takes its lock until the transaction ends.
  const [w] = await tx
    .insert(userTokens)
    .values({ userId })
    .onConflictDoUpdate({ target: userTokens.userId, set: { userId: sql`excluded.user_id` } })
    .returning();
  return w;
}

interface LedgerRefs {
  orderId?: string | null;
  purchaseId?: string | null;
  actorId?: string | null;
}

async function writeLedger(
  tx: Tx,
  userId: string,
  delta: number,
  balanceAfter: number,
  reason: LedgerReason,
  refs: LedgerRefs,
) {
  await tx.insert(tokenLedger).values({
    userId,
    delta,
    balanceAfter,
    reason,
    orderId: refs.orderId ?? null,
    purchaseId: refs.purchaseId ?? null,
    actorId: refs.actorId ?? null,
  });
}

/** Adds tokens the member received (a card payment, a gift, a dispute won back). */
export async function creditTokens(
  tx: Tx,
  userId: string,
  amount: number,
  reason: Extract<LedgerReason, 'card_purchase' | 'admin_gift' | 'dispute_won'>,
  refs: LedgerRefs = {},
): Promise<Wallet> {
  await tx.insert(userTokens).values({ userId }).onConflictDoNothing();
  const [w] = await tx
    .update(userTokens)
    .set({
      tokenBalance: sql`${userTokens.tokenBalance} + ${amount}`,
      totalEarned: sql`${userTokens.totalEarned} + ${amount}`,
      updatedAt: new Date(),
    })
    .where(eq(userTokens.userId, userId))
    .returning();
  await writeLedger(tx, userId, amount, w.tokenBalance, reason, refs);
  return presentWallet(w);
}

/**
 * Spends tokens: one conditional UPDATE (balance >= cost). Returns null, changing nothing, when the
 * balance is short; concurrent spends can never take it below zero.
 */
export async function debitTokens(
  tx: Tx,
  userId: string,
  cost: number,
  refs: LedgerRefs,
): Promise<Wallet | null> {
  const [w] = await tx
    .update(userTokens)
    .set({
      tokenBalance: sql`${userTokens.tokenBalance} - ${cost}`,
      totalSpent: sql`${userTokens.totalSpent} + ${cost}`,
      updatedAt: new Date(),
    })
    .where(and(eq(userTokens.userId, userId), gte(userTokens.tokenBalance, cost)))
    .returning();
  if (!w) return null;
  if (cost > 0) await writeLedger(tx, userId, -cost, w.tokenBalance, 'item_purchase', refs);
  return presentWallet(w);
}

/**
 * Takes back tokens that a refund or a dispute reversed. The balance may go below zero when they were
 * already spent: the member then cannot buy until it is positive again.
 */
export async function reverseTokens(
  tx: Tx,
  userId: string,
  amount: number,
  reason: Extract<LedgerReason, 'refund' | 'dispute'>,
  refs: LedgerRefs,
): Promise<Wallet> {
  await tx.insert(userTokens).values({ userId }).onConflictDoNothing();
  const [w] = await tx
    .update(userTokens)
    .set({
      tokenBalance: sql`${userTokens.tokenBalance} - ${amount}`,
      totalEarned: sql`${userTokens.totalEarned} - ${amount}`,
      updatedAt: new Date(),
    })
    .where(eq(userTokens.userId, userId))
    .returning();
  await writeLedger(tx, userId, -amount, w.tokenBalance, reason, refs);
  return presentWallet(w);
}

/**
 * After commit of every change of a member's tokens: `wallet.changed` to the member. Their open pages
 * show the new balance (header, shop, profile), and the cached reads that show it (`/api/me`) rebuild.
 */
export async function publishWallet(ctx: Pick<AppContext, 'realtime'>, userId: string, wallet: Wallet) {
  const data: WalletChanged = wallet;
  await ctx.realtime.publish(topics.user(userId), EVENT_TYPES.walletChanged, data);
}
