import type { RequestSettings } from '../../../shared/contracts/requests';
import { EVENT_TYPES, topics } from '../../../shared/events';
import type { AppContext } from '../../context';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import { readSetting, writeSetting } from '../settings/settings.service';
import { nowPlayingSlot } from '../station/now-playing.service';

type Ctx = Pick<AppContext, 'db' | 'realtime' | 'station'>;

/** The song-request switch; created enabled when missing. */
export async function requestsEnabled(ctx: Pick<AppContext, 'db'>): Promise<boolean> {
  const v = await readSetting(ctx.db, 'requests_enabled');
  if (v === undefined) {
    await writeSetting(ctx.db, 'requests_enabled', { enabled: true });
    return true;
  }
  return v.enabled;
}

export async function getRequestSettings(ctx: Pick<AppContext, 'db' | 'station'>): Promise<RequestSettings> {
  const live = nowPlayingSlot.of(ctx).snapshot.live;
  return {
    enabled: await requestsEnabled(ctx),
    liveNow: live.isLive,
    liveStreamerName: live.isLive ? live.streamerName : null,
    cooldownMinutes: await readSetting(ctx.db, 'requests_cooldown_minutes'),
    recentPlayMinutes: await readSetting(ctx.db, 'requests_recent_play_minutes'),
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
    await writeSetting(tx, 'requests_enabled', { enabled });
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
