import { z } from 'zod';
import type { BackupSchedule } from '../../../shared/contracts/backups';
import { isValidTimeZone } from '../../../shared/time';
import { DEFAULT_MAX_LISTENERS } from '../../integrations/radio/builtin/station-configs';

/**
 * One stored setting: what it means (the row's description), how a stored JSON value is read (a value
 * `parse` refuses reads as the default, or as absent when there is none) and its default.
 */
interface Setting<T> {
  description: string;
  parse: (stored: unknown) => T | undefined;
  default?: T;
}

const setting = <T>(spec: Setting<T>) => spec;
const withDefault = <T>(spec: Setting<T> & { default: T }) => spec;
/** A parse made of a zod schema: a value the schema refuses is not read. */
const zodParse =
  <T>(schema: z.ZodType<T>) =>
  (stored: unknown): T | undefined => {
    const r = schema.safeParse(stored);
    return r.success ? r.data : undefined;
  };
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

const text = zodParse(z.string());
const flag = zodParse(z.boolean());
const amount = zodParse(z.number().finite());
const zeroOrMore = zodParse(z.number().finite().min(0));
const wholeFrom = (min: number) => (v: unknown) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min ? v : undefined;
/** Minutes, stored as a number or as {minutes}. */
const minutes = (stored: unknown) => {
  const n = typeof stored === 'number' ? stored : isRecord(stored) ? stored.minutes : Number.NaN;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : undefined;
};

/** The presenter rules as stored: text (Markdown), a list of rules, or {text}. */
export type StoredPresenterRules = string | unknown[] | { text: unknown };

/**
 * Every key of the settings store (the admin_settings table), with its value's type and default. The
 * settings module's accessors take only these keys; the areas that own a setting (site settings, media,
 * recordings, requests, backups…) read and write it through them.
 */
export const SETTINGS = {
  // Site settings (admin/site-settings.service.ts); the title and description default to configuration.
  site_title: setting({ description: 'Site title', parse: text }),
  site_description: setting({ description: 'Site description', parse: text }),
  /** '' (cleared): the engine's default listen URL. */
  stream_url: setting({ description: 'Listen URL for the player (empty: default)', parse: text }),
  /** Defaults to configuration (STATION_TIMEZONE). */
  station_timezone: setting({
    description: 'Station time zone (schedule, charts)',
    parse: zodParse(z.string().refine(isValidTimeZone)),
  }),
  presenter_rules: setting<StoredPresenterRules>({
    description: 'Rules shown in the presenter panel',
    parse: (v) =>
      typeof v === 'string' || Array.isArray(v) || (isRecord(v) && 'text' in v)
        ? (v as StoredPresenterRules)
        : undefined,
  }),
  /** '' (cleared): no donation link. */
  donation_url: setting({ description: 'Donation page Donate opens (empty: none)', parse: text }),
  /** The default donation box: a £100 target, nothing raised, until an admin sets them. */
  donation_goal_gbp: withDefault({
    description: "This month's donation goal (£)",
    parse: amount,
    default: 100,
  }),
  donation_raised_gbp: withDefault({
    description: 'Donations raised this month (£)',
    parse: amount,
    default: 0,
  }),
  // Song requests.
  requests_enabled: setting<{ enabled: boolean }>({
    description: 'Whether listeners may send song requests',
    parse: (v) => ({ enabled: Boolean(isRecord(v) ? v.enabled : undefined) }),
  }),
  requests_cooldown_minutes: withDefault({
    description: 'Minutes between two requests from one listener',
    parse: minutes,
    default: 5,
  }),
  requests_recent_play_minutes: withDefault({
    description: 'A song played within this many minutes cannot be requested',
    parse: minutes,
    default: 15,
  }),
  // Media library and AutoDJ.
  /** Stored as a number (a numeric string is read too). */
  media_upload_max_mb: withDefault({
    description: 'Largest audio file one upload may carry (MB)',
    parse: (v) => {
      const n = Number(v);
      return Number.isFinite(n) && n > 0 ? n : undefined;
    },
    default: 200,
  }),
  media_crossfade_seconds: withDefault({
    description: 'AutoDJ crossfade (seconds)',
    parse: zeroOrMore,
    default: 2,
  }),
  media_track_repeat_minutes: withDefault({
    description: 'AutoDJ: the same track not again within this many minutes',
    parse: zeroOrMore,
    default: 60,
  }),
  media_artist_repeat_songs: withDefault({
    description: 'AutoDJ: the same artist not again within this many songs',
    parse: zeroOrMore,
    default: 3,
  }),
  media_requests_via_autodj: withDefault({
    description: 'AutoDJ plays accepted song requests when no presenter is live',
    parse: flag,
    default: false,
  }),
  // The station.
  station_max_listeners: withDefault({
    description: 'Most listeners at once (Icecast limits; applied at once)',
    parse: wholeFrom(1),
    default: DEFAULT_MAX_LISTENERS,
  }),
  station_live_levelling: withDefault({
    description: 'The live input levelled like AutoDJ (loudness target and limiter)',
    parse: flag,
    default: true,
  }),
  live_only_in_booked_slots: withDefault({
    description: 'Presenters may go live only in their booked slots, give or take 10 minutes',
    parse: flag,
    default: false,
  }),
  // Recordings of live shows.
  recordings_enabled: withDefault({ description: 'Record live shows', parse: flag, default: true }),
  recordings_retention_days: withDefault({
    description: 'Days a recording is kept',
    parse: wholeFrom(1),
    default: 30,
  }),
  recordings_disk_floor_mb: withDefault({
    description: 'Recording stops below this free disk (MB)',
    parse: wholeFrom(0),
    default: 1024,
  }),
  // Backups: the stored schedule is merged over the default one field by field.
  'backups.schedule': setting<Partial<BackupSchedule>>({
    description: 'Scheduled backups: daily time (station time zone), how many to keep',
    parse: (v) => (v && typeof v === 'object' ? (v as Partial<BackupSchedule>) : undefined),
  }),
  'backups.last_scheduled_day': setting({ description: 'Day of the last scheduled backup', parse: text }),
  // Claims shared by every instance.
  discord_live_announced: setting<{ presenter: string }>({
    description: 'Announced live session',
    parse: (v) => (isRecord(v) && typeof v.presenter === 'string' ? { presenter: v.presenter } : undefined),
  }),
  shop_defaults_seeded_at: setting({
    description: 'When the shop got its default sections and theme items (never seeded again)',
    parse: text,
  }),
};

export type SettingKey = keyof typeof SETTINGS;
/** The type a key's value has. */
export type SettingValue<K extends SettingKey> = (typeof SETTINGS)[K] extends Setting<infer T> ? T : never;
/** What reading a key gives: its value, else its default, else undefined (for a key with no default). */
export type SettingRead<K extends SettingKey> = (typeof SETTINGS)[K] extends { default: infer D }
  ? SettingValue<K> | D
  : SettingValue<K> | undefined;
