import { sql } from 'drizzle-orm';
import type { SiteSettings, UpdateSiteSettingsInput } from '../../../shared/contracts/settings';
import { EVENT_TYPES, topics } from '../../../shared/events';
import type { AppContext } from '../../context';
import { queryRows } from '../../db/client';
import { badRequest } from '../../infra/http/errors';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import {
  DONATION_GOAL_SETTING,
  DONATION_RAISED_SETTING,
  DONATION_URL_SETTING,
  getPresenterRules,
  getPublicSettings,
  getSetting,
  PRESENTER_RULES_SETTING,
  RECENT_PLAY_SETTING,
  REQUEST_COOLDOWN_SETTING,
  SITE_DESCRIPTION_SETTING,
  SITE_TITLE_SETTING,
  STATION_TIMEZONE_SETTING,
  STREAM_URL_SETTING,
  setSetting,
} from '../content/settings.service';
import { UPLOAD_MAX_MB_SETTING, uploadLimitMb } from '../media/tracks/upload.service';
import { recordingSettingsChanged } from '../recordings/recording-pipeline';
import {
  getRecordingSettings,
  RECORDING_DISK_FLOOR_MB_SETTING,
  RECORDING_ENABLED_SETTING,
  RECORDING_RETENTION_DAYS_SETTING,
} from '../recordings/recording-settings';
import { getRequestSettings } from '../requests/request-settings.service';
import { stationTimeZone } from '../schedule/schedule.service';
import { applyStationCapacity, MAX_LISTENERS_SETTING, stationMaxListeners } from '../station/capacity';
import { LIVE_ONLY_IN_SLOTS_SETTING, liveOnlyInBookedSlots } from '../station/live-gate';
import { nowPlayingSlot } from '../station/now-playing.service';

type Ctx = Pick<AppContext, 'db' | 'config' | 'realtime' | 'station'>;
type Input = { [K in keyof UpdateSiteSettingsInput]: Exclude<UpdateSiteSettingsInput[K], undefined> } & {
  streamUrl?: string | null;
  donationUrl?: string | null;
};

/** What each form field stores, under which key, with which description. */
const FIELDS: { field: keyof Input; key: string; description: string }[] = [
  { field: 'siteTitle', key: SITE_TITLE_SETTING, description: 'Site title' },
  { field: 'siteDescription', key: SITE_DESCRIPTION_SETTING, description: 'Site description' },
  { field: 'streamUrl', key: STREAM_URL_SETTING, description: 'Listen URL for the player (empty: default)' },
  {
    field: 'stationTimeZone',
    key: STATION_TIMEZONE_SETTING,
    description: 'Station time zone (schedule, charts)',
  },
  {
    field: 'requestCooldownMinutes',
    key: REQUEST_COOLDOWN_SETTING,
    description: 'Minutes between two requests from one listener',
  },
  {
    field: 'recentPlayMinutes',
    key: RECENT_PLAY_SETTING,
    description: 'A song played within this many minutes cannot be requested',
  },
  {
    field: 'presenterRules',
    key: PRESENTER_RULES_SETTING,
    description: 'Rules shown in the presenter panel',
  },
  {
    field: 'donationUrl',
    key: DONATION_URL_SETTING,
    description: 'Donation page Donate opens (empty: none)',
  },
  {
    field: 'mediaUploadMaxMb',
    key: UPLOAD_MAX_MB_SETTING,
    description: 'Largest audio file one upload may carry (MB)',
  },
  // Stream outputs.
  {
    field: 'maxListeners',
    key: MAX_LISTENERS_SETTING,
    description: 'Most listeners at once (Icecast limits; applied at once)',
  },
  { field: 'donationGoalGbp', key: DONATION_GOAL_SETTING, description: "This month's donation goal (£)" },
  // Recordings of live shows
  { field: 'recordingEnabled', key: RECORDING_ENABLED_SETTING, description: 'Record live shows' },
  {
    field: 'recordingRetentionDays',
    key: RECORDING_RETENTION_DAYS_SETTING,
    description: 'Days a recording is kept',
  },
  {
    field: 'recordingDiskFloorMb',
    key: RECORDING_DISK_FLOOR_MB_SETTING,
    description: 'Recording stops below this free disk (MB)',
  },
  {
    field: 'donationRaisedGbp',
    key: DONATION_RAISED_SETTING,
    description: 'Donations raised this month (£)',
  },
  // DJ tools
  {
    field: 'liveOnlyInBookedSlots',
    key: LIVE_ONLY_IN_SLOTS_SETTING,
    description: 'Presenters may go live only in their booked slots, give or take 10 minutes',
  },
];

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
  const [pub, requests, timeZone, streamUrl, rules, uploadMaxMb, bookedSlotsOnly, recording, maxListeners] =
    await Promise.all([
      getPublicSettings(ctx),
      getRequestSettings(ctx),
      stationTimeZone(ctx),
      getSetting<string>(ctx.db, STREAM_URL_SETTING),
      getPresenterRules(ctx),
      uploadLimitMb(ctx),
      liveOnlyInBookedSlots(ctx.db),
      getRecordingSettings(ctx),
      stationMaxListeners(ctx),
    ]);
  return {
    ...pub,
    streamUrl: typeof streamUrl === 'string' && streamUrl ? streamUrl : null,
    defaultStreamUrl: nowPlayingSlot.of(ctx).defaultStreamUrl,
    stationTimeZone: timeZone,
    requestCooldownMinutes: requests.cooldownMinutes,
    recentPlayMinutes: requests.recentPlayMinutes,
    presenterRules: rules,
    donationUrl: pub.donation.url,
    donationGoalGbp: pub.donation.goalGbp,
    donationRaisedGbp: pub.donation.raisedGbp,
    mediaUploadMaxMb: uploadMaxMb,
    liveOnlyInBookedSlots: bookedSlotsOnly,
    recordingEnabled: recording.enabled,
    recordingRetentionDays: recording.retentionDays,
    recordingDiskFloorMb: recording.diskFloorMb,
    maxListeners,
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
  const given = FIELDS.filter((f) => values[f.field] !== undefined);
  const was = await getSiteSettings(ctx);
  const differs = given.filter((f) => JSON.stringify(was[f.field]) !== JSON.stringify(values[f.field]));
  await ctx.db.transaction(async (tx) => {
    for (const f of given) {
      // A cleared stream URL (or donation link) is stored as '' so the default applies again.
      await setSetting(tx, f.key, values[f.field] ?? '', f.description);
    }
    if (differs.length > 0)
      await recordStaffAction(tx, {
        actor,
        action: 'settings.site',
        target: { type: 'settings', id: 'site' },
        summary: `Changed ${differs.map((f) => f.field).join(', ')}`,
        before: Object.fromEntries(differs.map((f) => [f.field, was[f.field]])),
        after: Object.fromEntries(differs.map((f) => [f.field, values[f.field]])),
      });
  });

  const changed = new Set(given.map((f) => f.field));
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
  return out;
}
