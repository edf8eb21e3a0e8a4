import { z } from 'zod';
import { DISCORD_TEXTS } from '../texts/discord';

/**
 * Discord's own limits for a webhook message (developer docs, "Embed Limits" and "Execute Webhook"). The
 * server refuses a message over any of them, and the composer counts against them as the admin types.
 */
export const DISCORD_LIMITS = {
  content: 2000,
  embeds: 10,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  author: 256,
  /** Characters across all of a message's embeds (titles, descriptions, field names and values, footers, authors). */
  embedsTotal: 6000,
} as const;

/** The composer's default embed colour: 9133302, a purple. */
export const DEFAULT_EMBED_COLOR = 9133302;

/**
 * A saved webhook URL: https, one of Discord's hosts, /api[/v{n}]/webhooks/{numeric id}/{token}. Nothing
 * else is accepted, so the feature can never be pointed at another server.
 */
export const DISCORD_WEBHOOK_URL =
  /^https:\/\/(?:(?:canary|ptb)\.)?(?:discord\.com|discordapp\.com)\/api(?:\/v\d{1,2})?\/webhooks\/(\d{17,20})\/([\w-]{20,100})\/?$/;

export function parseWebhookUrl(url: string): { id: string; token: string } | null {
  const m = DISCORD_WEBHOOK_URL.exec(url.trim());
  return m ? { id: m[1], token: m[2] } : null;
}

const text = (max: number, label: string) =>
  z.string().max(max, `${label} is at most ${max} characters (Discord's limit)`);

export const EmbedField = z.object({
  name: text(DISCORD_LIMITS.fieldName, 'A field name').trim().min(1, 'Every field needs a name'),
  value: text(DISCORD_LIMITS.fieldValue, 'A field value').trim().min(1, 'Every field needs a value'),
  inline: z.boolean().optional(),
});

export const Embed = z.object({
  title: text(DISCORD_LIMITS.title, 'An embed title').optional(),
  description: text(DISCORD_LIMITS.description, 'An embed description').optional(),
  url: z.url().max(2048).optional(),
  color: z.number().int().min(0).max(0xffffff).optional(),
  timestamp: z.string().max(40).optional(),
  fields: z.array(EmbedField).max(DISCORD_LIMITS.fields, 'At most 25 fields per embed').optional(),
  footer: z.object({ text: text(DISCORD_LIMITS.footer, 'A footer') }).optional(),
  author: z.object({ name: text(DISCORD_LIMITS.author, 'An author name') }).optional(),
  image: z.object({ url: z.url().max(2048) }).optional(),
  thumbnail: z.object({ url: z.url().max(2048) }).optional(),
});
export type Embed = z.infer<typeof Embed>;

/** Characters an embed counts towards the 6000 of a message (Discord counts these fields). */
export function embedLength(e: Embed): number {
  let n = (e.title?.length ?? 0) + (e.description?.length ?? 0);
  n += (e.footer?.text.length ?? 0) + (e.author?.name.length ?? 0);
  for (const f of e.fields ?? []) n += f.name.length + f.value.length;
  return n;
}

/** Embeds with neither title nor description are dropped. */
export const keepEmbed = (e: Embed) => Boolean(e.title?.trim() || e.description?.trim());

/** A webhook message: {content, embeds} within Discord's limits, with content or at least one embed. */
export const DiscordMessageInput = z
  .object({
    content: text(DISCORD_LIMITS.content, 'The message').optional().default(''),
    embeds: z
      .array(Embed)
      .max(DISCORD_LIMITS.embeds, 'At most 10 embeds per message')
      .optional()
      .default([])
      .transform((list) => list.filter(keepEmbed)),
  })
  .superRefine((m, ctx) => {
    if (!m.content.trim() && m.embeds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: DISCORD_TEXTS.emptyMessage });
    }
    const total = m.embeds.reduce((n, e) => n + embedLength(e), 0);
    if (total > DISCORD_LIMITS.embedsTotal) {
      ctx.addIssue({
        code: 'custom',
        path: ['embeds'],
        message: `Embeds are at most ${DISCORD_LIMITS.embedsTotal} characters in all (Discord's limit)`,
      });
    }
  });
export type DiscordMessageInput = z.input<typeof DiscordMessageInput>;
export type DiscordMessage = z.output<typeof DiscordMessageInput>;

export const SaveWebhookInput = z.object({
  url: z
    .string()
    .max(300, DISCORD_TEXTS.invalidUrl)
    .trim()
    .min(1, DISCORD_TEXTS.urlRequired)
    .refine((u) => parseWebhookUrl(u) !== null, DISCORD_TEXTS.invalidUrl),
});

export const AnnouncementSwitches = z.object({
  live: z.boolean(),
  chart: z.boolean(),
  articles: z.boolean(),
});
export type AnnouncementSwitches = z.infer<typeof AnnouncementSwitches>;

export const DiscordSettingsView = z.object({
  /** The saved URL with its token masked, or null. The URL itself never reaches a browser. */
  webhook: z
    .object({
      masked: z.string(),
      broken: z.boolean(),
      brokenReason: z.string().nullable(),
    })
    .nullable(),
  announcements: AnnouncementSwitches,
  /** Whether members can link their Discord account (the interactions endpoint is configured). */
  linkingConfigured: z.boolean(),
});
export type DiscordSettingsView = z.infer<typeof DiscordSettingsView>;

export const DISCORD_MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export const DISCORD_MESSAGE_KINDS = ['composer', 'news', 'live', 'chart', 'article'] as const;
export type DiscordMessageKind = (typeof DISCORD_MESSAGE_KINDS)[number];

export const DeliveryView = z.object({
  id: z.string(),
  kind: z.enum(DISCORD_MESSAGE_KINDS),
  status: z.enum(DISCORD_MESSAGE_STATUSES),
  attempts: z.number(),
  lastStatus: z.number().nullable(),
  /** 'Discord API error: {status} - {body}' or what went wrong, for failed messages and pending retries. */
  error: z.string().nullable(),
  summary: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  /** When the row last changed: a page keeps the newest of what it hears (answers and pushes can cross). */
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
  /** While queued after a failed attempt: when the next attempt is due. */
  nextAttemptAt: z.string().nullable(),
});
export type DeliveryView = z.infer<typeof DeliveryView>;
export const DeliveryList = z.object({ messages: z.array(DeliveryView) });

export const LinkCodeInput = z.object({ code: z.string().max(32) });
export const DiscordLinkView = z.object({
  configured: z.boolean(),
  linked: z.object({ discordId: z.string(), discordUsername: z.string() }).nullable(),
});
export type DiscordLinkView = z.infer<typeof DiscordLinkView>;
