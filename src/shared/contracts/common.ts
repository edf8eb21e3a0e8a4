import { z } from 'zod';

export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const Ok = z.object({ ok: z.literal(true) });
export const IdParam = z.object({ id: z.string().min(1).max(64) });
export const IsoDate = z.string().describe('ISO 8601 timestamp (UTC)');

/** An optional text field: trimmed, and null when empty. */
export const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : null));

/**
 * A path on this site: one leading slash, never `//host` or `/\host` (a browser reads `\` as `/`, so both
 * leave the site), and no whitespace (a browser drops tabs and newlines inside an address).
 */
export const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;

/** A web address (http or https) or a path on this site (an uploaded image). */
export const WEB_OR_SITE_URL = /^(https?:\/\/[^\s]+|\/(?![/\\])[^\s]*)$/i;
