import type { RequestSettings } from '../../../shared/contracts/requests';
import { EVENT_TYPES, topics } from '../../../shared/events';
import type { AppContext } from '../../context';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import { getSetting, setSetting } from '../content/settings.service';
import { nowPlayingSlot } from '../station/now-playing.service';

export const DEFAULT_COOLDOWN_MINUTES = 5;
export const DEFAULT_RECENT_PLAY_MINUTES = 15;

type Ctx = Pick<AppContext, 'db' | 'realtime' | 'station'>;

const minutesSetting = async (ctx: Pick<AppContext, 'db'>, key: string, fallback: number) => {
  const v = await getSetting<number | { minutes: number }>(ctx.db, key);
  const n = typeof v === 'number' ? v : typeof v === 'object' && v ? v.minutes : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};

/** The song-request switch; created enabled when missing. */
export async function requestsEnabled(ctx: Pick<AppContext, 'db'>): Promise<boolean> {
  const v = await getSetting<{ enabled: boolean }>(ctx.db, 'requests_enabled');
  if (v === undefined) {
    await setSetting(
      ctx.db,
      'requests_enabled',
      { enabled: true },
      'Whether listeners may send song requests',
    );
    return true;
  }
  return Boolean(v?.enabled);
}

export async function getRequestSettings(ctx: Pick<AppContext, 'db' | 'station'>): Promise<RequestSettings> {
  const live = nowPlayingSlot.of(ctx).snapshot.live;
  return {
    enabled: await requestsEnabled(ctx),
    liveNow: live.isLive,
    liveStreamerName: live.isLive ? live.streamerName : null,
    cooldownMinutes: await minutesSetting(ctx, 'requests_cooldown_minutes', DEFAULT_COOLDOWN_MINUTES),
    recentPlayMinutes: await minutesSetting(ctx, 'requests_recent_play_minutes', DEFAULT_RECENT_PLAY_MINUTES),
  };
}

/** Presenters and admins open or close requests; every open page follows at once. */
export async function setRequestsEnabled(
  ctx: Ctx,
  enabled: boolean,
  actor: StaffActor = { system: 'The app' },
) {
  await ctx.db.transaction(async (tx) => {
    const was = await requestsEnabled({ db: tx });
    await setSetting(tx, 'requests_enabled', { enabled }, 'Whether listeners may send song requests');
    if (was !== enabled)
      await recordStaffAction(tx, {
        actor,
        action: 'settings.requests',
        target: { type: 'settings', id: 'requests' },
        summary: enabled ? 'Opened song requests' : 'Closed song requests',
        before: { enabled: was },
        after: { enabled },
      });
  });
  const settings = await getRequestSettings(ctx);
  await ctx.realtime.publish(topics.public, EVENT_TYPES.requestSettingsChanged, settings);
  return settings;
}
