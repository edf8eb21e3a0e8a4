import { and, eq, isNull } from 'drizzle-orm';
import {
  type AnnouncementSwitches,
  type DiscordSettingsView,
  parseWebhookUrl,
} from '../../../shared/contracts/discord';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { DISCORD_TEXTS } from '../../../shared/texts/discord';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { profiles } from '../accounts/accounts.table';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import { notify } from '../notifications/notifications.service';
import { discordSettings } from './discord.table';

export type DiscordSettingsRow = typeof discordSettings.$inferSelect;

const DEFAULTS: DiscordSettingsRow = {
  id: 1,
  webhookUrl: null,
  brokenAt: null,
  brokenReason: null,
  announceLive: true,
  announceChart: true,
  announceArticles: true,
  updatedAt: new Date(0),
};

export async function readDiscordSettings(db: DbOrTx): Promise<DiscordSettingsRow> {
  const [row] = await db.select().from(discordSettings).where(eq(discordSettings.id, 1));
  return row ?? DEFAULTS;
}

/** The saved URL as admins see it: host, path and id, the token reduced to its last four characters. */
export function maskWebhookUrl(url: string): string {
  const parsed = parseWebhookUrl(url);
  if (!parsed) return '••••••••';
  const host = new URL(url).host;
  return `https://${host}/api/webhooks/${parsed.id}/••••••••${parsed.token.slice(-4)}`;
}

export function linkingConfigured(config: AppContext['config']) {
  return Boolean(config.DISCORD_PUBLIC_KEY && config.DISCORD_APPLICATION_ID);
}

export async function discordSettingsView(
  ctx: Pick<AppContext, 'db' | 'config'>,
): Promise<DiscordSettingsView> {
  const s = await readDiscordSettings(ctx.db);
  return {
    webhook: s.webhookUrl
      ? { masked: maskWebhookUrl(s.webhookUrl), broken: s.brokenAt !== null, brokenReason: s.brokenReason }
      : null,
    announcements: { live: s.announceLive, chart: s.announceChart, articles: s.announceArticles },
    linkingConfigured: linkingConfigured(ctx.config),
  };
}

async function changed(ctx: Pick<AppContext, 'realtime'>) {
  await ctx.realtime.publish(topics.capability('admin.panel'), EVENT_TYPES.discordSettingsChanged, {});
}

/** Saves the webhook URL (already checked against Discord's hosts by the contract); a broken mark is cleared. */
export async function saveWebhookUrl(
  ctx: Pick<AppContext, 'db' | 'config' | 'realtime'>,
  url: string,
  actor: StaffActor = { system: 'The app' },
) {
  const webhookUrl = url.trim();
  await ctx.db.transaction(async (tx) => {
    const before = await readDiscordSettings(tx);
    await tx
      .insert(discordSettings)
      .values({ id: 1, webhookUrl })
      .onConflictDoUpdate({
        target: discordSettings.id,
        set: { webhookUrl, brokenAt: null, brokenReason: null, updatedAt: new Date() },
      });
    // The trail keeps the masked URL only: the token is a secret.
    await recordStaffAction(tx, {
      actor,
      action: 'settings.discord',
      target: { type: 'settings', id: 'discord' },
      summary: 'Saved the Discord webhook URL',
      before: { webhook: before.webhookUrl ? maskWebhookUrl(before.webhookUrl) : null },
      after: { webhook: maskWebhookUrl(webhookUrl) },
    });
  });
  await changed(ctx);
  return discordSettingsView(ctx);
}

export async function updateAnnouncements(
  ctx: Pick<AppContext, 'db' | 'config' | 'realtime'>,
  input: AnnouncementSwitches,
  actor: StaffActor = { system: 'The app' },
) {
  const set = { announceLive: input.live, announceChart: input.chart, announceArticles: input.articles };
  await ctx.db.transaction(async (tx) => {
    const b = await readDiscordSettings(tx);
    await tx
      .insert(discordSettings)
      .values({ id: 1, ...set })
      .onConflictDoUpdate({ target: discordSettings.id, set: { ...set, updatedAt: new Date() } });
    await recordStaffAction(tx, {
      actor,
      action: 'settings.discord',
      target: { type: 'settings', id: 'discord' },
      summary: 'Changed the Discord announcements',
      before: { live: b.announceLive, chart: b.announceChart, articles: b.announceArticles },
      after: input,
    });
  });
  await changed(ctx);
  return discordSettingsView(ctx);
}

/**
 * Discord answered 401 or 404 for the webhook: it was deleted or its token changed. The URL that failed is
 * marked broken (once: a URL saved meanwhile is left alone). Returns how to tell every admin, or null when
 * this call did not mark it: the caller marks the webhook broken before it fails the message, so whoever
 * sees the failed message also sees the broken webhook, and tells the admins after the sender's own
 * notice, so theirs is the newest in the bell.
 */
export async function markWebhookBroken(
  ctx: Pick<AppContext, 'db' | 'realtime' | 'log'>,
  failedUrl: string,
  status: number,
): Promise<(() => Promise<void>) | null> {
  const rows = await ctx.db
    .update(discordSettings)
    .set({ brokenAt: new Date(), brokenReason: DISCORD_TEXTS.broken(status) })
    .where(
      and(
        eq(discordSettings.id, 1),
        eq(discordSettings.webhookUrl, failedUrl),
        isNull(discordSettings.brokenAt),
      ),
    )
    .returning({ id: discordSettings.id });
  if (rows.length === 0) return null;
  ctx.log.warn({ status }, 'discord: the webhook was refused; marked broken');
  await changed(ctx);
  return async () => {
    const admins = await ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.role, 'admin'));
    for (const a of admins) {
      await notify(ctx, a.id, {
        title: DISCORD_TEXTS.brokenTitle,
        message: DISCORD_TEXTS.broken(status),
        link: '/admin?tab=discord',
      });
    }
  };
}
