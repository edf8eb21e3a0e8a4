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
export const UuidParam = z.object({ id: z.uuid() });
export const IsoDate = z.string().describe('ISO 8601 timestamp (UTC)');
