import { desc, eq } from 'drizzle-orm';
import {
  DEFAULT_EMBED_COLOR,
  type DeliveryView,
  type DiscordMessage,
  type DiscordMessageKind,
  parseWebhookUrl,
} from '../../../shared/contracts/discord';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { DISCORD_TEXTS } from '../../../shared/texts/discord';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, notFound, requireUuid } from '../../infra/http/errors';
import { getPublicSettings } from '../settings/public-settings';
import { claimSetting, deleteSetting } from '../settings/settings.service';
import { discordMessages } from './discord.table';
import { readDiscordSettings } from './discord-settings.service';

export const DELIVER_JOB = 'discord.deliver';
export const DELIVERY_FAILED_JOB = 'discord.deliver.failed';
export const SWEEP_JOB = 'discord.sweep';
const LIST_LIMIT = 50;

export type OutboxRow = typeof discordMessages.$inferSelect;
type OutboxCtx = Pick<AppContext, 'jobs'>;

/**
 * THE way a message reaches Discord. Call it inside the transaction of the change that causes the message:
 * the outbox row and its delivery job are committed (or rolled back) with that change. Delivery happens in
 * the `discord.deliver` job, which honours Discord's limits and rate-limit answers and retries.
 */
export async function enqueueDiscordMessage(
  ctx: OutboxCtx,
  tx: DbOrTx,
  msg: { kind: DiscordMessageKind; payload: DiscordMessage; createdBy?: string | null },
): Promise<OutboxRow> {
  const [row] = await tx
    .insert(discordMessages)
    .values({ kind: msg.kind, payload: msg.payload, createdBy: msg.createdBy ?? null })
    .returning();
  // Without a job runner in this instance the row waits for the sweep of an instance that has one.
  const queued = await ctx.jobs.sendInTx(tx, DELIVER_JOB, { id: row.id });
  if (queued)
    await tx
      .update(discordMessages)
      .set({ nextAttemptAt: row.createdAt })
      .where(eq(discordMessages.id, row.id));
  return row;
}

function summaryOf(payload: DiscordMessage): string {
  const text =
    payload.content?.trim() || payload.embeds?.[0]?.title || payload.embeds?.[0]?.description || '';
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

export function presentDelivery(r: OutboxRow): DeliveryView {
  return {
    id: r.id,
    kind: r.kind as DiscordMessageKind,
    status: r.status as DeliveryView['status'],
    attempts: r.attempts,
    lastStatus: r.lastStatus,
    error: r.status === 'sent' ? null : r.lastError,
    summary: summaryOf(r.payload as DiscordMessage),
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    nextAttemptAt: r.status === 'queued' && r.attempts > 0 ? (r.nextAttemptAt?.toISOString() ?? null) : null,
  };
}

/** Admins see every message's state; the sender (a news reporter, say) sees their own. */
export async function publishDelivery(ctx: Pick<AppContext, 'realtime'>, row: OutboxRow) {
  const view = presentDelivery(row);
  await ctx.realtime.publish(topics.capability('admin.panel'), EVENT_TYPES.discordMessageChanged, view);
  if (row.createdBy)
    await ctx.realtime.publish(topics.user(row.createdBy), EVENT_TYPES.discordMessageChanged, view);
}

/** The Discord tab's list: the latest messages with their state and attempts, newest first. */
export async function listDeliveries(ctx: Pick<AppContext, 'db'>) {
  const rows = await ctx.db
    .select()
    .from(discordMessages)
    .orderBy(desc(discordMessages.createdAt))
    .limit(LIST_LIMIT);
  return rows.map(presentDelivery);
}

/** The webhook a message can go to now, or the reason it cannot (exact texts, tests check them). */
async function usableWebhook(db: DbOrTx, texts: { missing: string; invalid: string }) {
  const s = await readDiscordSettings(db);
  if (!s.webhookUrl) return { error: texts.missing, status: 'missing' as const };
  if (!parseWebhookUrl(s.webhookUrl)) return { error: texts.invalid, status: 'invalid' as const };
  if (s.brokenAt) return { error: DISCORD_TEXTS.webhookBroken, status: 'broken' as const };
  return { error: null, settings: s };
}

/** The composer's Send: queued and delivered by the job; the admin sees the outcome live (sent or Discord's answer). */
export async function sendComposedMessage(
  ctx: Pick<AppContext, 'db' | 'jobs' | 'realtime'>,
  actorId: string,
  payload: DiscordMessage,
) {
  const row = await ctx.db.transaction(async (tx) => {
    const hook = await usableWebhook(tx, {
      missing: DISCORD_TEXTS.saveFirst,
      invalid: DISCORD_TEXTS.saveFirst,
    });
    if (hook.error) throw hook.status === 'broken' ? conflict(hook.error) : badRequest(hook.error);
    return enqueueDiscordMessage(ctx, tx, { kind: 'composer', payload, createdBy: actorId });
  });
  ctx.jobs.wake(DELIVER_JOB);
  await publishDelivery(ctx, row);
  return presentDelivery(row);
}

/** Admins put a failed message back in the queue (after fixing the webhook, say). */
export async function retryDelivery(ctx: Pick<AppContext, 'db' | 'jobs' | 'realtime'>, id: string) {
  requireUuid(id, 'Message not found');
  const row = await ctx.db.transaction(async (tx) => {
    const hook = await usableWebhook(tx, {
      missing: DISCORD_TEXTS.saveFirst,
      invalid: DISCORD_TEXTS.saveFirst,
    });
    if (hook.error) throw hook.status === 'broken' ? conflict(hook.error) : badRequest(hook.error);
    const [r] = await tx
      .update(discordMessages)
      .set({ status: 'queued', lastError: null, lastStatus: null, updatedAt: new Date() })
      .where(eq(discordMessages.id, id))
      .returning();
    if (!r) throw notFound('Message not found');
    if (r.sentAt) throw conflict('This message was delivered already.');
    await ctx.jobs.sendInTx(tx, DELIVER_JOB, { id });
    return r;
  });
  ctx.jobs.wake(DELIVER_JOB);
  await publishDelivery(ctx, row);
  return presentDelivery(row);
}

// --- What other modules call -------------------------------------------------------------------------

export interface SiteInfo {
  title: string;
  baseUrl: string;
}

/** The station's name and address, for links and footers in announcements. */
export async function siteInfo(ctx: { db: DbOrTx; config: AppContext['config'] }): Promise<SiteInfo> {
  const { siteTitle } = await getPublicSettings(ctx);
  return { title: siteTitle, baseUrl: ctx.config.baseUrl };
}

const footer = (site: SiteInfo) => ({ text: `${site.title} • Live 24/7` });
const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 3)}...` : s);

export interface ArticleForDiscord {
  title: string;
  content: string;
  excerpt: string | null;
  featuredImage: string | null;
  authorName: string;
  publishedAt: Date | string | null;
  slug: string;
}

/**
 * The news embed: title, the excerpt or the first 200 characters of the content, author,
 * published date, a link to the article, footer, timestamp, and the featured image when it is a web address.
 */
export function newsArticleEmbed(article: ArticleForDiscord, site: SiteInfo): DiscordMessage {
  const url = `${site.baseUrl}/news/${article.slug}`;
  const published = article.publishedAt ? new Date(article.publishedAt) : new Date();
  const description = article.excerpt?.trim() || article.content.slice(0, 200);
  const image =
    article.featuredImage && /^https?:\/\//.test(article.featuredImage) ? article.featuredImage : null;
  return {
    content: `📰 **New article on ${site.title}**`,
    embeds: [
      {
        title: cut(article.title, 256),
        description: cut(description, 4096),
        url,
        color: DEFAULT_EMBED_COLOR,
        author: { name: cut(article.authorName, 256) },
        fields: [
          {
            name: 'Published',
            value: published.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
            inline: true,
          },
          { name: 'Read more', value: `[Read the full article](${url})`, inline: true },
        ],
        footer: footer(site),
        timestamp: published.toISOString(),
        ...(image ? { image: { url: image } } : {}),
      },
    ],
  };
}

/**
 * News management's 'Send to Discord': queued in the caller's transaction, with these refusals
 * ('Discord webhook not configured…', 'Invalid Discord webhook URL configuration.').
 */
export async function sendNewsToDiscord(
  ctx: OutboxCtx,
  tx: DbOrTx,
  article: ArticleForDiscord,
  site: SiteInfo,
  actorId: string | null,
) {
  const hook = await usableWebhook(tx, {
    missing: DISCORD_TEXTS.newsNotConfigured,
    invalid: DISCORD_TEXTS.newsInvalidUrl,
  });
  if (hook.error) throw new AppError(hook.status === 'broken' ? 'CONFLICT' : 'VALIDATION', hook.error);
  const row = await enqueueDiscordMessage(ctx, tx, {
    kind: 'news',
    payload: newsArticleEmbed(article, site),
    createdBy: actorId,
  });
  return { message: DISCORD_TEXTS.newsQueued, delivery: presentDelivery(row), row };
}

type Announcement = 'live' | 'chart' | 'articles';

/** Queues an automatic announcement when its switch is on and a working webhook is saved; otherwise nothing. */
async function announce(
  ctx: OutboxCtx,
  tx: DbOrTx,
  which: Announcement,
  kind: DiscordMessageKind,
  payload: DiscordMessage,
) {
  const s = await readDiscordSettings(tx);
  const on = which === 'live' ? s.announceLive : which === 'chart' ? s.announceChart : s.announceArticles;
  if (!on || !s.webhookUrl || s.brokenAt || !parseWebhookUrl(s.webhookUrl)) return null;
  return enqueueDiscordMessage(ctx, tx, { kind, payload });
}

/** A newly published article (the news module calls this in the transaction that publishes it). */
export function announceArticlePublished(
  ctx: OutboxCtx,
  tx: DbOrTx,
  article: ArticleForDiscord,
  site: SiteInfo,
) {
  return announce(ctx, tx, 'articles', 'article', newsArticleEmbed(article, site));
}

export function liveAnnouncement(
  live: { presenterName: string; showName: string | null; description: string | null },
  site: SiteInfo,
): DiscordMessage {
  return {
    content: `🔴 **${live.presenterName}** is live on ${site.title}!`,
    embeds: [
      {
        title: cut(
          live.showName ? `${live.showName} with ${live.presenterName}` : `${live.presenterName} is on air`,
          256,
        ),
        description: cut(live.description?.trim() || `Tune in now: ${site.baseUrl}`, 4096),
        url: site.baseUrl,
        color: 0xef4444,
        footer: footer(site),
        timestamp: new Date().toISOString(),
      },
    ],
  };
}

/** A claim older than this is a session whose end no instance saw (the app was down): announce again. */
const LIVE_CLAIM_HOURS = 12;

/**
 * Claims the announcement of a presenter's live session, in the caller's transaction: true for the first
 * instance to see this presenter go live, false for every other instance and after a restart mid-show.
 */
async function claimLiveAnnouncement(tx: DbOrTx, presenterName: string) {
  // Which live session has been announced: one row, shared by every instance and kept across restarts.
  return claimSetting(tx, 'discord_live_announced', { presenter: presenterName }, LIVE_CLAIM_HOURS);
}

/** The station is not live (any more): the next live session is announced again. */
export async function endLiveAnnouncement(db: DbOrTx) {
  await deleteSetting(db, 'discord_live_announced');
}

/**
 * A presenter went live (the now-playing service calls this when live state turns on): announced once
 * per live session, however many instances saw it and whether or not one restarted during the show.
 */
export async function announcePresenterLive(
  ctx: OutboxCtx,
  tx: DbOrTx,
  live: { presenterName: string; showName: string | null; description: string | null },
  site: SiteInfo,
) {
  if (!(await claimLiveAnnouncement(tx, live.presenterName))) return null;
  return announce(ctx, tx, 'live', 'live', liveAnnouncement(live, site));
}

export interface ChartForDiscord {
  weekEnding: string | null;
  entries: { chartPosition: number; songTitle: string; artist: string; playCount: number }[];
}

export function chartAnnouncement(chart: ChartForDiscord, site: SiteInfo): DiscordMessage {
  const medals = ['🥇', '🥈', '🥉'];
  const lines = chart.entries
    .slice(0, 10)
    .map(
      (e) =>
        `${medals[e.chartPosition - 1] ?? `**${e.chartPosition}.**`} ${e.songTitle} — ${e.artist} (${e.playCount} plays)`,
    );
  return {
    content: `📊 The weekly chart is out on ${site.title}!`,
    embeds: [
      {
        title: cut(`Weekly chart — week ending ${chart.weekEnding ?? ''}`, 256),
        description: cut(lines.join('\n'), 4096),
        url: `${site.baseUrl}/chart`,
        color: DEFAULT_EMBED_COLOR,
        footer: footer(site),
        timestamp: new Date().toISOString(),
      },
    ],
  };
}

/** The weekly chart job's announcement, queued in the transaction that writes the chart. */
export function announceWeeklyChart(ctx: OutboxCtx, tx: DbOrTx, chart: ChartForDiscord, site: SiteInfo) {
  if (chart.entries.length === 0) return Promise.resolve(null);
  return announce(ctx, tx, 'chart', 'chart', chartAnnouncement(chart, site));
}
