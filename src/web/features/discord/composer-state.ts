import {
  DEFAULT_EMBED_COLOR,
  DISCORD_LIMITS,
  type DiscordMessageInput,
  embedLength,
  keepEmbed,
} from '@shared/contracts/discord';

export interface FieldDraft {
  name: string;
  value: string;
  inline: boolean;
}
export interface EmbedDraft {
  title: string;
  description: string;
  color: number;
  fields: FieldDraft[];
}
export interface ComposerDraft {
  content: string;
  embeds: EmbedDraft[];
}

export const emptyEmbed = (color = DEFAULT_EMBED_COLOR): EmbedDraft => ({
  title: '',
  description: '',
  color,
  fields: [],
});
export const emptyDraft = (): ComposerDraft => ({ content: '', embeds: [] });

/** The four quick templates: each fills the composer with a starting message and its own colour. */
export const TEMPLATES: { id: string; label: string; draft: () => ComposerDraft }[] = [
  {
    id: 'announcement',
    label: 'Announcement',
    draft: () => ({
      content: '📢 **Station announcement**',
      embeds: [
        { title: 'Announcement', description: 'Write your announcement here.', color: 0xf59e0b, fields: [] },
      ],
    }),
  },
  {
    id: 'show',
    label: 'Show Alert',
    draft: () => ({
      content: '🎙️ A show is starting soon!',
      embeds: [
        {
          title: 'Show Alert',
          description: 'Tune in for the next show.',
          color: 0xef4444,
          fields: [
            { name: 'Show', value: 'Show name', inline: true },
            { name: 'Time', value: '20:00', inline: true },
          ],
        },
      ],
    }),
  },
  {
    id: 'news',
    label: 'News Update',
    draft: () => ({
      content: '📰 News from the station',
      embeds: [
        { title: 'News Update', description: 'What happened at the station.', color: 0x3b82f6, fields: [] },
      ],
    }),
  },
  {
    id: 'event',
    label: 'Event Alert',
    draft: () => ({
      content: '🎉 Save the date!',
      embeds: [
        {
          title: 'Event Alert',
          description: 'Tell listeners about the event.',
          color: 0x10b981,
          fields: [
            { name: 'When', value: 'Saturday, 19:00', inline: true },
            { name: 'Where', value: 'On air and on Discord', inline: true },
          ],
        },
      ],
    }),
  },
];

/** 6-digit hex (with or without '#') to a colour number; anything else is ignored (null). */
export function parseHexColor(text: string): number | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(text.trim());
  return m ? Number.parseInt(m[1], 16) : null;
}
export const toHex = (color: number) => `#${color.toString(16).padStart(6, '0')}`;

/** What is sent: trimmed text, inline flags kept, embeds with neither title nor description dropped. */
export function toPayload(d: ComposerDraft): DiscordMessageInput {
  return {
    content: d.content,
    embeds: d.embeds
      .map((e) => ({
        ...(e.title.trim() ? { title: e.title.trim() } : {}),
        ...(e.description.trim() ? { description: e.description.trim() } : {}),
        color: e.color,
        ...(e.fields.length > 0
          ? {
              fields: e.fields.map((f) => ({ name: f.name.trim(), value: f.value.trim(), inline: f.inline })),
            }
          : {}),
      }))
      .filter(keepEmbed),
  };
}

export function isEmptyDraft(d: ComposerDraft) {
  const p = toPayload(d);
  return !p.content?.trim() && (p.embeds?.length ?? 0) === 0;
}

/** Which of Discord's limits the draft breaks (empty when none): shown beside the counters. */
export function limitProblems(d: ComposerDraft): string[] {
  const out: string[] = [];
  if (d.content.length > DISCORD_LIMITS.content)
    out.push(`The message is over ${DISCORD_LIMITS.content} characters.`);
  if (d.embeds.length > DISCORD_LIMITS.embeds) out.push(`At most ${DISCORD_LIMITS.embeds} embeds.`);
  d.embeds.forEach((e, i) => {
    const n = i + 1;
    if (e.title.length > DISCORD_LIMITS.title)
      out.push(`Embed ${n}: the title is over ${DISCORD_LIMITS.title}.`);
    if (e.description.length > DISCORD_LIMITS.description)
      out.push(`Embed ${n}: the description is over ${DISCORD_LIMITS.description}.`);
    e.fields.forEach((f, j) => {
      if (f.name.length > DISCORD_LIMITS.fieldName || f.value.length > DISCORD_LIMITS.fieldValue)
        out.push(`Embed ${n}, field ${j + 1}: over Discord's field limits.`);
      if (!f.name.trim() || !f.value.trim())
        out.push(`Embed ${n}, field ${j + 1}: needs a name and a value.`);
    });
  });
  if (totalEmbedChars(d) > DISCORD_LIMITS.embedsTotal)
    out.push(`Embeds are over ${DISCORD_LIMITS.embedsTotal} characters in all.`);
  return out;
}

export function totalEmbedChars(d: ComposerDraft) {
  return d.embeds.reduce((n, e) => n + embedLength({ ...e, fields: e.fields }), 0);
}
