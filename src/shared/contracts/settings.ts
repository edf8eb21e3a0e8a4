import { z } from 'zod';
import { isValidTimeZone } from '../time';

export const PublicSettings = z.object({
  siteTitle: z.string(),
  siteDescription: z.string(),
});
export type PublicSettings = z.infer<typeof PublicSettings>;

/** Bounds of the site settings form (validated on the server with the same schema). */
export const SETTINGS_LIMITS = {
  siteTitleMax: 80,
  siteDescriptionMax: 300,
  streamUrlMax: 500,
  minutesMax: 1440,
  presenterRulesMax: 10_000,
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
  })
  .partial()
  .strict();
export type UpdateSiteSettingsInput = z.input<typeof UpdateSiteSettingsInput>;

export const PresenterRules = z.object({ rules: z.string() });

export const PageVisitInput = z.object({ path: z.string().min(1).max(300) });
