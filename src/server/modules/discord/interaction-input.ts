import { z } from 'zod';
import { hasUnsafeText } from '../../infra/http/text-safety';

/** A Discord id: a snowflake, digits only (at most 20: a 64-bit number). */
const Snowflake = z.string().regex(/^\d{1,20}$/, 'not a Discord id');

const DiscordUser = z.object({
  id: Snowflake,
  username: z.string().min(1).max(100),
  global_name: z.string().max(100).nullish(),
});

const Common = {
  id: Snowflake,
  member: z.object({ user: DiscordUser.optional() }).nullish(),
  user: DiscordUser.nullish(),
};

/** The parts of an interaction this endpoint reads, checked before any of them is used or stored. */
const Interaction = z.discriminatedUnion('type', [
  z.object({ type: z.literal(1), id: Snowflake.optional() }),
  z.object({ ...Common, type: z.literal(2), data: z.object({ name: z.string().min(1).max(100) }) }),
  // Components, autocomplete and modals: answered without reading more than who sent them.
  z.object({ ...Common, type: z.literal([3, 4, 5]) }),
]);

export type Interaction = z.infer<typeof Interaction>;

export type ReadInteraction =
  | { ok: true; interaction: Interaction }
  | { ok: false; reason: string; message: string };

/**
 * A signed interaction's body, read defensively: signed input can still be malformed (a bug, a test tool),
 * and such input gets a 400 with the reason, never a 500.
 */
export function readInteraction(raw: Buffer): ReadInteraction {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    return { ok: false, reason: 'the body is not JSON', message: 'The body is not JSON.' };
  }
  if (hasUnsafeText(body)) {
    return {
      ok: false,
      reason: 'a text holds NUL or an unpaired surrogate',
      message: 'The interaction holds text that cannot be stored.',
    };
  }
  const parsed = Interaction.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'body';
    return {
      ok: false,
      reason: `${where}: ${issue?.message ?? 'malformed'}`,
      message: 'The interaction is not one this station understands.',
    };
  }
  return { ok: true, interaction: parsed.data };
}
