import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { RecognisedStreamer, StreamerPlatform, TwitchStatus } from '../../../shared/contracts/streamers';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { STREAMERS_TEXTS } from '../../../shared/texts/content';
import type { AppContext } from '../../context';
import { notFound, requireUuid } from '../../infra/http/errors';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import { recognisedStreamers, twitchLiveStatus } from './streamers.table';
import { liveFreshSince, requestLiveCheck } from './twitch-live.service';

type Ctx = Pick<AppContext, 'db' | 'realtime' | 'jobs' | 'twitch' | 'config' | 'log'>;
type Values = Omit<typeof recognisedStreamers.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Platforms with a Twitch channel: only their streamers get a LIVE badge (Twitch is the only live check). */
export const TWITCH_PLATFORMS: StreamerPlatform[] = ['twitch', 'both'];

async function selectStreamers(ctx: Pick<Ctx, 'db' | 'twitch' | 'config'>, where: SQL | undefined) {
  const rows = await ctx.db
    .select({ s: recognisedStreamers, live: twitchLiveStatus })
    .from(recognisedStreamers)
    .leftJoin(twitchLiveStatus, eq(twitchLiveStatus.login, sql`lower(${recognisedStreamers.twitchUsername})`))
    .where(where)
    .orderBy(asc(recognisedStreamers.displayOrder), asc(sql`lower(${recognisedStreamers.username})`));
  const freshSince = liveFreshSince(ctx.config);
  return rows.map(({ s, live }): RecognisedStreamer => {
    const isLive = Boolean(
      ctx.twitch &&
        live?.isLive &&
        live.checkedAt >= freshSince &&
        TWITCH_PLATFORMS.includes(s.platform as StreamerPlatform),
    );
    return {
      id: s.id,
      username: s.username,
      description: s.description,
      profileImage: s.profileImage,
      platform: s.platform as StreamerPlatform,
      twitchUsername: s.twitchUsername,
      youtubeChannelId: s.youtubeChannelId,
      twitterUsername: s.twitterUsername,
      instagramUsername: s.instagramUsername,
      discordUsername: s.discordUsername,
      isActive: s.isActive,
      displayOrder: s.displayOrder,
      isLive,
      liveTitle: isLive ? (live?.title ?? null) : null,
    };
  });
}

/** /streamers and the home strip (the same for every visitor): active streamers by display order. */
export const listActiveStreamers = (ctx: Pick<Ctx, 'db' | 'twitch' | 'config'>) =>
  selectStreamers(ctx, eq(recognisedStreamers.isActive, true));

/** The admin tab: every streamer, and whether Twitch is set up and answering. */
export async function listAllStreamers(ctx: Pick<Ctx, 'db' | 'twitch' | 'config'>) {
  const streamers = await selectStreamers(ctx, undefined);
  const [last] = await ctx.db
    .select({ at: sql<Date | string | null>`max(${twitchLiveStatus.checkedAt})` })
    .from(twitchLiveStatus);
  const twitch: TwitchStatus = {
    configured: ctx.twitch !== null,
    lastCheckedAt: last?.at ? new Date(last.at).toISOString() : null,
    lastError: ctx.twitch?.lastError ?? null,
  };
  return { streamers, twitch };
}

async function one(ctx: Ctx, id: string) {
  const [s] = await selectStreamers(ctx, eq(recognisedStreamers.id, id));
  if (!s) throw notFound(STREAMERS_TEXTS.notFound);
  return s;
}

async function changed(ctx: Ctx) {
  await ctx.realtime.publish(topics.public, EVENT_TYPES.streamersChanged, {});
  requestLiveCheck(ctx);
}

/** New streamers start active. */
export async function addStreamer(ctx: Ctx, input: Values) {
  const [row] = await ctx.db
    .insert(recognisedStreamers)
    .values(input)
    .returning({ id: recognisedStreamers.id });
  await changed(ctx);
  return one(ctx, row.id);
}

export async function updateStreamer(ctx: Ctx, id: string, patch: Partial<Values>) {
  requireUuid(id, STREAMERS_TEXTS.notFound);
  const rows = await ctx.db
    .update(recognisedStreamers)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(recognisedStreamers.id, id))
    .returning({ id: recognisedStreamers.id });
  if (rows.length === 0) throw notFound(STREAMERS_TEXTS.notFound);
  await changed(ctx);
  return one(ctx, id);
}

export async function deleteStreamer(ctx: Ctx, id: string, actor: StaffActor = { system: 'The app' }) {
  requireUuid(id, STREAMERS_TEXTS.notFound);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(recognisedStreamers).where(eq(recognisedStreamers.id, id)).returning();
    if (!row) throw notFound(STREAMERS_TEXTS.notFound);
    await recordStaffAction(tx, {
      actor,
      action: 'streamer.delete',
      target: { type: 'recognised_streamer', id },
      summary: `Community streamer ${row.username}`,
      before: { username: row.username, platform: row.platform },
      after: null,
    });
  });
  await changed(ctx);
}
