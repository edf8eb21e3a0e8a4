import type { RESTPostAPIWebhookWithTokenJSONBody } from 'discord-api-types/v10';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { parseWebhookUrl } from '../../../shared/contracts/discord';
import { DISCORD_TEXTS } from '../../../shared/texts/discord';
import type { AppContext } from '../../context';
import { queryRows } from '../../db/client';
import { executeWebhook } from '../../integrations/discord/webhook-client';
import { notify } from '../notifications/notifications.service';
import { discordMessages, discordRateLimits } from './discord.table';
import { markWebhookBroken, readDiscordSettings } from './discord-settings.service';
import { DELIVER_JOB, type OutboxRow, presentDelivery, publishDelivery } from './outbox.service';

export type DeliveryCtx = Pick<AppContext, 'db' | 'config' | 'realtime' | 'log' | 'jobs'>;

/** How long one attempt owns a message; a sender that crashed mid-request is taken over after it. */
export const LEASE_SECONDS = 30;
/** Rate-limit waits up to this long happen inside the job; longer ones reschedule it. */
const INLINE_WAIT_MS = 5_000;
/** How long one job run may spend waiting on rate limits before it hands over to a later job. */
const RUN_BUDGET_MS = 45_000;
/** The queue's retry settings: 5xx and network failures retry with exponential back-off (2 s, 4 s, 8 s…). */
export const RETRY = { retryLimit: 8, retryDelay: 2, retryBackoff: true, expireInSeconds: 120 } as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function update(ctx: DeliveryCtx, id: string, set: Partial<OutboxRow>, onlyStatus?: string) {
  const [row] = await ctx.db
    .update(discordMessages)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(discordMessages.id, id), onlyStatus ? eq(discordMessages.status, onlyStatus) : undefined))
    .returning();
  if (row) await publishDelivery(ctx, row);
  if (row && set.status === 'failed') await tellSenderFailed(ctx, row);
  return row;
}

/** A message that finally failed: its sender hears of it in the bell (automatic ones have no sender). */
async function tellSenderFailed(ctx: DeliveryCtx, row: OutboxRow) {
  if (!row.createdBy) return;
  const view = presentDelivery(row);
  await notify(ctx, row.createdBy, {
    title: DISCORD_TEXTS.failedTitle,
    message: DISCORD_TEXTS.failedMessage(view.summary || row.kind, row.lastError ?? DISCORD_TEXTS.sendFailed),
    link: row.kind === 'news' ? '/news-management' : '/admin?tab=discord',
  });
}

/** Milliseconds until Discord allows the next request on this webhook (its bucket, and the global one). */
async function bucketWait(ctx: DeliveryCtx, webhookId: string): Promise<number> {
  const rows = await ctx.db
    .select({ until: discordRateLimits.blockedUntil })
    .from(discordRateLimits)
    .where(inArray(discordRateLimits.bucket, [webhookId, 'global']));
  const until = Math.max(0, ...rows.map((r) => r.until.getTime()));
  return until - Date.now();
}

async function blockBucket(ctx: DeliveryCtx, bucket: string, ms: number) {
  const until = new Date(Date.now() + ms);
  await ctx.db
    .insert(discordRateLimits)
    .values({ bucket, blockedUntil: until })
    .onConflictDoUpdate({
      target: discordRateLimits.bucket,
      set: {
        blockedUntil: sql`GREATEST(${discordRateLimits.blockedUntil}, ${until.toISOString()}::timestamptz)`,
      },
    });
}

/** Takes the message for one attempt: only a queued one, or one whose previous sender's lease ran out. */
async function claim(ctx: DeliveryCtx, id: string) {
  const rows = await queryRows<{ id: string }>(
    ctx.db,
    sql`UPDATE discord_messages SET status = 'sending', attempts = attempts + 1, updated_at = now(),
          lease_until = now() + ${LEASE_SECONDS} * interval '1 second'
        WHERE id = ${id} AND (status = 'queued' OR (status = 'sending' AND lease_until < now()))
        RETURNING id`,
  );
  if (rows.length === 0) return null;
  const [row] = await ctx.db.select().from(discordMessages).where(eq(discordMessages.id, id));
  await publishDelivery(ctx, row);
  return row;
}

/** Hands the message to a later job (a long rate-limit wait): the row says when, the job starts then. */
async function defer(ctx: DeliveryCtx, id: string, at: Date) {
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(discordMessages)
      .set({ nextAttemptAt: at, updatedAt: new Date() })
      .where(eq(discordMessages.id, id));
    if (ctx.jobs.started) await ctx.jobs.sendLater(DELIVER_JOB, { id }, at, tx);
  });
  return 'deferred';
}

export class RetryLater extends Error {}

/**
 * Delivers one queued message, at most once per success: claimed by a conditional update, sent with
 * `?wait=true`, then marked sent. 429: waits Discord's retry_after (per-webhook and global buckets, kept
 * in the database so every instance honours them). 401/404: the webhook is marked broken and admins are
 * told. Other 4xx: failed with Discord's reason. 5xx and network failures: thrown, so the job is retried
 * with back-off; the dead-letter job marks the message failed when the retries are spent.
 */
export async function deliverDiscordMessage(ctx: DeliveryCtx, id: string): Promise<string> {
  const started = Date.now();
  for (;;) {
    const [row] = await ctx.db.select().from(discordMessages).where(eq(discordMessages.id, id));
    if (!row) return 'missing';
    if (row.status === 'sent' || row.status === 'failed') return row.status;
    const settings = await readDiscordSettings(ctx.db);
    const webhook = settings.webhookUrl ? parseWebhookUrl(settings.webhookUrl) : null;
    if (!webhook || settings.brokenAt) {
      const reason = !settings.webhookUrl
        ? DISCORD_TEXTS.newsNotConfigured
        : settings.brokenAt
          ? DISCORD_TEXTS.webhookBroken
          : DISCORD_TEXTS.newsInvalidUrl;
      await update(ctx, id, { status: 'failed', lastError: reason, leaseUntil: null });
      return 'failed';
    }

    const wait = await bucketWait(ctx, webhook.id);
    if (wait > 0) {
      if (wait > INLINE_WAIT_MS || Date.now() - started + wait > RUN_BUDGET_MS) {
        return defer(ctx, id, new Date(Date.now() + wait));
      }
      await sleep(wait);
      continue;
    }

    const claimed = await claim(ctx, id);
    if (!claimed) return 'taken';
    const result = await executeWebhook(
      ctx.config.DISCORD_API_URL,
      webhook,
      claimed.payload as RESTPostAPIWebhookWithTokenJSONBody,
    );

    if (result.kind === 'sent') {
      if (result.remaining === 0 && result.resetAfterMs)
        await blockBucket(ctx, webhook.id, result.resetAfterMs);
      await update(
        ctx,
        id,
        {
          status: 'sent',
          sentAt: new Date(),
          discordMessageId: result.messageId || null,
          lastStatus: 200,
          lastError: null,
          leaseUntil: null,
        },
        'sending',
      );
      return 'sent';
    }
    if (result.kind === 'rate-limited') {
      await blockBucket(ctx, result.global ? 'global' : webhook.id, result.retryAfterMs);
      await update(
        ctx,
        id,
        {
          status: 'queued',
          lastStatus: 429,
          lastError: `Rate limited by Discord: retrying after ${(result.retryAfterMs / 1000).toFixed(2)} s`,
          nextAttemptAt: new Date(Date.now() + result.retryAfterMs),
          leaseUntil: null,
        },
        'sending',
      );
      continue;
    }
    const error = DISCORD_TEXTS.apiError(result.status ?? 0, result.body);
    if (result.kind === 'rejected') {
      // A 401/404 marks the webhook broken first, so whoever sees the failed message sees that too; the
      // admins hear of it after the sender's own notice, so theirs is the newest in the bell.
      const tellAdmins =
        result.status === 401 || result.status === 404
          ? await markWebhookBroken(ctx, settings.webhookUrl as string, result.status)
          : null;
      await update(
        ctx,
        id,
        { status: 'failed', lastStatus: result.status, lastError: error, leaseUntil: null },
        'sending',
      );
      await tellAdmins?.();
      ctx.log.warn({ message: id, status: result.status }, 'discord: message refused');
      return 'failed';
    }
    // 5xx or no answer: back in the queue; the job fails so pg-boss retries it with back-off.
    const backoffMs = RETRY.retryDelay * 1000 * 2 ** Math.min(16, claimed.attempts);
    await update(
      ctx,
      id,
      {
        status: 'queued',
        lastStatus: result.status,
        lastError: result.status ? error : result.body,
        nextAttemptAt: new Date(Date.now() + backoffMs),
        leaseUntil: null,
      },
      'sending',
    );
    throw new RetryLater(`discord: attempt failed (${result.status ?? 'no answer'}), retrying later`);
  }
}

/** The retries are spent (dead-letter queue): the message is failed with its last error. */
export async function failSpentDelivery(ctx: DeliveryCtx, id: string) {
  const [row] = await ctx.db
    .update(discordMessages)
    .set({ status: 'failed', leaseUntil: null, updatedAt: new Date() })
    .where(
      and(
        eq(discordMessages.id, id),
        or(
          eq(discordMessages.status, 'queued'),
          and(eq(discordMessages.status, 'sending'), sql`lease_until < now()`),
        ),
      ),
    )
    .returning();
  if (row) {
    if (!row.lastError) await update(ctx, id, { lastError: DISCORD_TEXTS.sendFailed });
    else await publishDelivery(ctx, row);
    await tellSenderFailed(ctx, { ...row, lastError: row.lastError ?? DISCORD_TEXTS.sendFailed });
  }
  return row ? 'failed' : 'unchanged';
}

/**
 * Gives a job to every message that lost its own: rows queued by an instance that runs no jobs, rows
 * whose sender crashed (lease run out), rows whose job vanished. A second job for a message is harmless:
 * the claim lets one attempt through at a time, and a sent message is never sent again.
 */
export async function sweepDiscordOutbox(ctx: DeliveryCtx) {
  if (!ctx.jobs.started) return 0;
  const rows = await queryRows<{ id: string }>(
    ctx.db,
    sql`SELECT id FROM discord_messages
        WHERE (status = 'queued' AND (next_attempt_at IS NULL OR next_attempt_at < now() - interval '1 minute'))
           OR (status = 'sending' AND lease_until < now())
        ORDER BY created_at LIMIT 500`,
  );
  for (const r of rows) {
    await ctx.db.transaction(async (tx) => {
      await tx.update(discordMessages).set({ nextAttemptAt: new Date() }).where(eq(discordMessages.id, r.id));
      await ctx.jobs.sendInTx(tx, DELIVER_JOB, { id: r.id });
    });
  }
  if (rows.length > 0) ctx.jobs.wake(DELIVER_JOB);
  return rows.length;
}
