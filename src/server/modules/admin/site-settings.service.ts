import { sql } from 'drizzle-orm';
import type { SiteSettings, UpdateSiteSettingsInput } from '../../../shared/contracts/settings';
import { EVENT_TYPES, topics } from '../../../shared/events';
import type { AppContext } from '../../context';
import { queryRows } from '../../db/client';
import { badRequest } from '../../infra/http/errors';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import { uploadLimitMb } from '../media/tracks/upload.service';
import { recordingSettingsChanged } from '../recordings/recording-pipeline';
import { getRecordingSettings } from '../recordings/recording-settings';
import { getRequestSettings } from '../requests/request-settings.service';
import { stationTimeZone } from '../schedule/schedule.service';
import { getPublicSettings } from '../settings/public-settings';
import { readSetting, type SettingsPatch, writeSettings } from '../settings/settings.service';
import { applyStationCapacity, stationMaxListeners } from '../station/capacity';
import { liveOnlyInBookedSlots } from '../station/live-gate';
import { applyLiveLevelling, liveLevellingOn } from '../station/live-levelling';
import { nowPlayingSlot } from '../station/now-playing.service';

type Ctx = Pick<AppContext, 'db' | 'config' | 'realtime' | 'station'>;
type Input = { [K in keyof UpdateSiteSettingsInput]: Exclude<UpdateSiteSettingsInput[K], undefined> } & {
  streamUrl?: string | null;
  donationUrl?: string | null;
};

/** The form's fields, in the order the audit trail lists the changed ones. */
const FIELDS: (keyof Input)[] = [
  'siteTitle',
  'siteDescription',
  'streamUrl',
  'stationTimeZone',
  'requestCooldownMinutes',
  'recentPlayMinutes',
  'presenterRules',
  'donationUrl',
  'mediaUploadMaxMb',
  'maxListeners',
  'donationGoalGbp',
  'recordingEnabled',
  'recordingRetentionDays',
  'recordingDiskFloorMb',
  'donationRaisedGbp',
  'liveOnlyInBookedSlots',
  'liveLevelling',
];

/** What the given fields store, by setting key (a cleared stream URL or donation link is stored as ''). */
const stored = (v: Input): SettingsPatch => ({
  site_title: v.siteTitle,
  site_description: v.siteDescription,
  stream_url: v.streamUrl === null ? '' : v.streamUrl,
  station_timezone: v.stationTimeZone,
  requests_cooldown_minutes: v.requestCooldownMinutes,
  requests_recent_play_minutes: v.recentPlayMinutes,
  presenter_rules: v.presenterRules,
  donation_url: v.donationUrl === null ? '' : v.donationUrl,
  media_upload_max_mb: v.mediaUploadMaxMb,
  station_max_listeners: v.maxListeners,
  donation_goal_gbp: v.donationGoalGbp,
  recordings_enabled: v.recordingEnabled,
  recordings_retention_days: v.recordingRetentionDays,
  recordings_disk_floor_mb: v.recordingDiskFloorMb,
  donation_raised_gbp: v.donationRaisedGbp,
  live_only_in_booked_slots: v.liveOnlyInBookedSlots,
  station_live_levelling: v.liveLevelling,
});

/** The fields every page shows (the public settings): a change to one is pushed to open pages. */
const PUBLIC_FIELDS = new Set<keyof Input>([
  'siteTitle',
  'siteDescription',
  'presenterRules',
  'donationUrl',
  'donationGoalGbp',
  'donationRaisedGbp',
]);

/** Every setting the app reads, with the value in force (a stored one, else the configured default). */
export async function getSiteSettings(ctx: Ctx): Promise<SiteSettings> {
  const [
    pub,
    requests,
    timeZone,
    streamUrl,
    rules,
    uploadMaxMb,
    bookedSlotsOnly,
    recording,
    maxListeners,
    liveLevelling,
  ] = await Promise.all([
    getPublicSettings(ctx),
    getRequestSettings(ctx),
    stationTimeZone(ctx),
    readSetting(ctx.db, 'stream_url'),
    readSetting(ctx.db, 'presenter_rules'),
    uploadLimitMb(ctx),
    liveOnlyInBookedSlots(ctx.db),
    getRecordingSettings(ctx),
    stationMaxListeners(ctx),
    liveLevellingOn(ctx),
  ]);
  return {
    ...pub,
    streamUrl: streamUrl || null,
    defaultStreamUrl: nowPlayingSlot.of(ctx).defaultStreamUrl,
    stationTimeZone: timeZone,
    requestCooldownMinutes: requests.cooldownMinutes,
    recentPlayMinutes: requests.recentPlayMinutes,
    presenterRules: typeof rules === 'string' ? rules : '',
    donationUrl: pub.donation.url,
    donationGoalGbp: pub.donation.goalGbp,
    donationRaisedGbp: pub.donation.raisedGbp,
    mediaUploadMaxMb: uploadMaxMb,
    liveOnlyInBookedSlots: bookedSlotsOnly,
    recordingEnabled: recording.enabled,
    recordingRetentionDays: recording.retentionDays,
    recordingDiskFloorMb: recording.diskFloorMb,
    maxListeners,
    liveLevelling,
  };
}

/**
 * The time zone as the database spells it. The contract already checked it with the browser's and
 * Node's zone list; the database must know it too, because charts and analytics group days in it.
 */
async function databaseTimeZone(ctx: Pick<AppContext, 'db'>, tz: string): Promise<string> {
  const [row] = await queryRows<{ name: string }>(
    ctx.db,
    sql`SELECT name FROM pg_timezone_names WHERE lower(name) = lower(${tz}) ORDER BY name LIMIT 1`,
  );
  if (!row) {
    const message = 'Unknown time zone (use a name such as Europe/London)';
    throw badRequest(message, { stationTimeZone: message });
  }
  return row.name;
}

/**
 * Saves the given settings in one transaction, then tells every open page what changed: the site's
 * title and description, the player's stream URL, the schedule's time zone, the request rules.
 */
export async function updateSiteSettings(
  ctx: Ctx,
  input: Input,
  actor: StaffActor = { system: 'The app' },
): Promise<SiteSettings> {
  const values: Input = { ...input };
  if (values.stationTimeZone !== undefined) {
    values.stationTimeZone = await databaseTimeZone(ctx, values.stationTimeZone);
  }
  const given = FIELDS.filter((f) => values[f] !== undefined);
  const was = await getSiteSettings(ctx);
  const differs = given.filter((f) => JSON.stringify(was[f]) !== JSON.stringify(values[f]));
  await ctx.db.transaction(async (tx) => {
    await writeSettings(tx, stored(values));
    if (differs.length > 0)
      await recordStaffAction(tx, {
        actor,
        action: 'settings.site',
        target: { type: 'settings', id: 'site' },
        summary: `Changed ${differs.join(', ')}`,
        before: Object.fromEntries(differs.map((f) => [f, was[f]])),
        after: Object.fromEntries(differs.map((f) => [f, values[f]])),
      });
  });

  const changed = new Set(given);
  const out = await getSiteSettings(ctx);
  if ([...changed].some((f) => PUBLIC_FIELDS.has(f))) {
    // The public settings as every page reads them (GET /api/settings/public).
    await ctx.realtime.publish(topics.public, EVENT_TYPES.settingsChanged, await getPublicSettings(ctx));
  }
  if (changed.has('requestCooldownMinutes') || changed.has('recentPlayMinutes')) {
    await ctx.realtime.publish(
      topics.public,
      EVENT_TYPES.requestSettingsChanged,
      await getRequestSettings(ctx),
    );
  }
  if (changed.has('stationTimeZone')) {
    await ctx.realtime.publish(topics.public, EVENT_TYPES.scheduleChanged, {});
  }
  if (changed.has('streamUrl')) await nowPlayingSlot.of(ctx).streamUrlChanged();
  if (changed.has('recordingEnabled') || changed.has('recordingDiskFloorMb')) {
    await recordingSettingsChanged(ctx);
  }
  if (changed.has('maxListeners')) await applyStationCapacity(ctx);
  if (changed.has('liveLevelling')) await applyLiveLevelling(ctx);
  return out;
}
