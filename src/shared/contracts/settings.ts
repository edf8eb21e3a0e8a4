import { z } from 'zod';
import { isValidTimeZone } from '../time';

/**
 * The donation call-to-action: the external page Donate opens (null: no Donate button), and this
 * month's goal with the amount raised so far, both in pounds, kept up to date by an admin.
 */
export const Donation = z.object({
  url: z.string().nullable(),
  goalGbp: z.number(),
  raisedGbp: z.number(),
});
export type Donation = z.infer<typeof Donation>;

export const PublicSettings = z.object({
  siteTitle: z.string(),
  siteDescription: z.string(),
  donation: Donation,
});
export type PublicSettings = z.infer<typeof PublicSettings>;

/** Bounds of the site settings form (validated on the server with the same schema). */
export const SETTINGS_LIMITS = {
  siteTitleMax: 80,
  siteDescriptionMax: 300,
  streamUrlMax: 500,
  minutesMax: 1440,
  presenterRulesMax: 10_000,
  donationUrlMax: 500,
  donationGbpMax: 1_000_000,
  maxListenersMax: 100_000,
} as const;

/**
 * Text that can be stored: no NUL character and no lone UTF-16 surrogate (PostgreSQL refuses both in
 * text and JSON, which would otherwise surface as a server error).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const storable = (schema: z.ZodString) =>
  schema.refine(
    (v) => !v.includes('\u0000') && !LONE_SURROGATE.test(v),
    'Text contains characters that cannot be stored',
  );

/** An amount in pounds the donation box shows: 0 to a million, in pence at most. */
const pounds = (label: string) =>
  z
    .number({ error: `${label} must be an amount in pounds` })
    .min(0, `${label} cannot be negative`)
    .max(SETTINGS_LIMITS.donationGbpMax, `${label} can be at most £${SETTINGS_LIMITS.donationGbpMax}`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label} can have at most 2 decimals`);

const minutes = (label: string) =>
  z
    .number({ error: `${label} must be a number of minutes` })
    .int(`${label} must be a whole number of minutes`)
    .min(0, `${label} cannot be negative`)
    .max(SETTINGS_LIMITS.minutesMax, `${label} can be at most ${SETTINGS_LIMITS.minutesMax} minutes (a day)`);

/**
 * Every setting the app reads, as the admin's Site Settings form shows them. `streamUrl` is the admin's
 * listen URL (null: the default, `defaultStreamUrl`, which comes from the radio backend's configuration).
 */
export const SiteSettings = z.object({
  siteTitle: z.string(),
  siteDescription: z.string(),
  streamUrl: z.string().nullable(),
  defaultStreamUrl: z.string().nullable(),
  stationTimeZone: z.string(),
  requestCooldownMinutes: z.number().int(),
  recentPlayMinutes: z.number().int(),
  /** Markdown or plain text shown to presenters in their panel (settings key `presenter_rules`). */
  presenterRules: z.string(),
  /** Where Donate goes (null: no Donate button), this month's goal and what has been raised, in pounds. */
  donationUrl: z.string().nullable(),
  donationGoalGbp: z.number(),
  donationRaisedGbp: z.number(),
  /** The largest audio file one upload to the media library may carry, in MB. */
  mediaUploadMaxMb: z.number().int(),
  // DJ tools
  /** Presenters may go live only in their booked slots, give or take 10 minutes (admins always may). */
  liveOnlyInBookedSlots: z.boolean(),
  /** Recordings of live shows: on or off, kept this many days, stopped below this free disk (MB). */
  recordingEnabled: z.boolean(),
  recordingRetentionDays: z.number().int(),
  recordingDiskFloorMb: z.number().int(),
  // Stream outputs (docs/operations/engine.md): the built-in engine's capacity (Icecast's limits are derived from it).
  /** Most listeners at once (per quality's mount); key `station_max_listeners`, default 1,000. */
  maxListeners: z.number().int(),
  /** The DJ's input levelled like AutoDJ (loudness target and limiter); key `station_live_levelling`, default on. */
  liveLevelling: z.boolean(),
});
export type SiteSettings = z.infer<typeof SiteSettings>;

export const UpdateSiteSettingsInput = z
  .object({
    siteTitle: storable(z.string().trim().min(1, 'Site title is required').max(SETTINGS_LIMITS.siteTitleMax)),
    siteDescription: storable(z.string().trim().max(SETTINGS_LIMITS.siteDescriptionMax)),
    /** An http(s) address listeners play; empty or null goes back to the default. */
    streamUrl: z
      .string()
      .trim()
      .max(SETTINGS_LIMITS.streamUrlMax)
      .nullable()
      .transform((v) => v || null)
      .pipe(
        z
          .url({ protocol: /^https?$/, error: 'Stream URL must be an http:// or https:// address' })
          .nullable(),
      ),
    stationTimeZone: z
      .string()
      .trim()
      .min(1, 'Time zone is required')
      .max(64)
      .refine(isValidTimeZone, 'Unknown time zone (use a name such as Europe/London)'),
    requestCooldownMinutes: minutes('Request cooldown'),
    recentPlayMinutes: minutes('Recently played window'),
    presenterRules: storable(z.string().trim().max(SETTINGS_LIMITS.presenterRulesMax)),
    /** The external donation page, https only; empty or null removes the Donate button. */
    donationUrl: z
      .string()
      .trim()
      .max(SETTINGS_LIMITS.donationUrlMax)
      .nullable()
      .transform((v) => v || null)
      .pipe(z.url({ protocol: /^https$/, error: 'Donation link must be an https:// address' }).nullable()),
    donationGoalGbp: pounds('Monthly goal'),
    donationRaisedGbp: pounds('Amount raised'),
    mediaUploadMaxMb: z
      .number({ error: 'Upload size limit must be a number of MB' })
      .int('Upload size limit must be a whole number of MB')
      .min(1, 'Upload size limit must be at least 1 MB')
      .max(4096, 'Upload size limit can be at most 4096 MB'),
    // DJ tools
    liveOnlyInBookedSlots: z.boolean({ error: 'Booked slots only must be on or off' }),
    recordingEnabled: z.boolean({ error: 'Recording must be on or off' }),
    recordingRetentionDays: z
      .number({ error: 'Keep recordings must be a number of days' })
      .int('Keep recordings must be a whole number of days')
      .min(1, 'Keep recordings for at least 1 day')
      .max(3650, 'Keep recordings for at most 3650 days'),
    recordingDiskFloorMb: z
      .number({ error: 'Free disk floor must be a number of MB' })
      .int('Free disk floor must be a whole number of MB')
      .min(0, 'Free disk floor cannot be negative')
      .max(1_048_576, 'Free disk floor can be at most 1048576 MB'),
    // Stream outputs.
    maxListeners: z
      .number({ error: 'Most listeners at once must be a number' })
      .int('Most listeners at once must be a whole number')
      .min(1, 'Most listeners at once must be at least 1')
      .max(
        SETTINGS_LIMITS.maxListenersMax,
        `Most listeners at once can be at most ${SETTINGS_LIMITS.maxListenersMax.toLocaleString('en-GB')}`,
      ),
    liveLevelling: z.boolean({ error: 'Level the live input must be on or off' }),
  })
  .partial()
  .strict();
export type UpdateSiteSettingsInput = z.input<typeof UpdateSiteSettingsInput>;

export const PageVisitInput = z.object({ path: z.string().min(1).max(300) });
