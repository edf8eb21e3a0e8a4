import { and, eq, gte, inArray, isNotNull, lt, notInArray, sql } from 'drizzle-orm';
import { EVENT_TYPES, topics } from '../../../shared/events';
import type { AppContext } from '../../context';
import { recognisedStreamers, twitchLiveStatus } from './streamers.table';

type Ctx = Pick<AppContext, 'db' | 'realtime' | 'twitch' | 'config' | 'log'>;

export const TWITCH_LIVE_JOB = 'twitch-live-check';

/**
 * A LIVE badge is believed while its last check is recent: three polling intervals, at least five
 * minutes. When Twitch stops answering, badges fade out instead of staying on for ever.
 */
export function liveFreshSince(config: AppContext['config'], now = Date.now()) {
  return new Date(now - Math.max(5 * 60_000, 3 * config.TWITCH_POLL_SECONDS * 1000));
}

/** The live channels as the streamers page shows them: login, title, game and viewers, sorted. */
async function liveShown(ctx: Ctx) {
  const rows = await ctx.db
    .select({
      login: twitchLiveStatus.login,
      title: twitchLiveStatus.title,
      gameName: twitchLiveStatus.gameName,
      viewerCount: twitchLiveStatus.viewerCount,
    })
    .from(twitchLiveStatus)
    .where(
      and(eq(twitchLiveStatus.isLive, true), gte(twitchLiveStatus.checkedAt, liveFreshSince(ctx.config))),
    );
  return rows.sort((a, b) => a.login.localeCompare(b.login));
}

const publishLive = (ctx: Ctx, live: string[]) =>
  ctx.realtime.publish(topics.public, EVENT_TYPES.streamersLiveChanged, { live });

/**
 * Asks Twitch which of the active streamers' channels are live (up to 100 logins a call), keeps the
 * answer in twitch_live_status and, when what the page shows changed (which channels are live, their
 * titles, games or viewer counts), pushes `streamers.live`.
 * A failed check keeps the last answer (it fades after liveFreshSince) and is reported to the admin tab.
 */
export async function checkTwitchLive(ctx: Ctx) {
  const twitch = ctx.twitch;
  if (!twitch) return { skipped: 'Twitch is not set up' };
  const rows = await ctx.db
    .selectDistinct({ login: sql<string>`lower(${recognisedStreamers.twitchUsername})` })
    .from(recognisedStreamers)
    .where(
      and(
        eq(recognisedStreamers.isActive, true),
        isNotNull(recognisedStreamers.twitchUsername),
        inArray(recognisedStreamers.platform, ['twitch', 'both']),
      ),
    );
  const logins = rows.map((r) => r.login);
  const before = await liveShown(ctx);

  let live: Awaited<ReturnType<typeof twitch.liveStreams>>;
  try {
    live = logins.length ? await twitch.liveStreams(logins) : new Map();
  } catch (err) {
    ctx.log.warn({ err }, 'Twitch live check failed');
    // A badge whose last check is too old has faded: it is turned off here, once, and readers (and the
    // cached streamer list) are told, so the fade shows within one polling interval.
    const faded = await ctx.db
      .update(twitchLiveStatus)
      .set({ isLive: false })
      .where(
        and(eq(twitchLiveStatus.isLive, true), lt(twitchLiveStatus.checkedAt, liveFreshSince(ctx.config))),
      )
      .returning({ login: twitchLiveStatus.login });
    if (faded.length)
      await publishLive(
        ctx,
        before.map((r) => r.login),
      );
    return { error: twitch.lastError };
  }
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(twitchLiveStatus)
      .where(logins.length ? notInArray(twitchLiveStatus.login, logins) : undefined);
    if (logins.length === 0) return;
    await tx
      .insert(twitchLiveStatus)
      .values(
        logins.map((login) => {
          const s = live.get(login);
          return {
            login,
            isLive: Boolean(s),
            title: s?.title ?? null,
            gameName: s?.gameName ?? null,
            viewerCount: s?.viewerCount ?? null,
            startedAt: s?.startedAt ? new Date(s.startedAt) : null,
            checkedAt: now,
          };
        }),
      )
      .onConflictDoUpdate({
        target: twitchLiveStatus.login,
        set: {
          isLive: sql`excluded.is_live`,
          title: sql`excluded.title`,
          gameName: sql`excluded.game_name`,
          viewerCount: sql`excluded.viewer_count`,
          startedAt: sql`excluded.started_at`,
          checkedAt: sql`excluded.checked_at`,
        },
      });
  });
  const after = await liveShown(ctx);
  const changed = JSON.stringify(after) !== JSON.stringify(before);
  if (changed)
    await publishLive(
      ctx,
      after.map((r) => r.login),
    );
  return { checked: logins.length, live: after.length, changed };
}

/** After a streamer changed: check Twitch now rather than at the next tick (when jobs run here). */
export function requestLiveCheck(ctx: Pick<AppContext, 'jobs' | 'twitch' | 'log'>) {
  if (!ctx.twitch || !ctx.jobs.started) return;
  ctx.jobs
    .send(TWITCH_LIVE_JOB, { followUps: false })
    .catch((err) => ctx.log.warn({ err }, 'could not queue a Twitch live check'));
}
