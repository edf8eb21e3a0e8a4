import { DISCORD_TEXTS } from '@shared/texts/discord';
import { useDiscordEvents, useDiscordSettings } from '../api';
import { AnnouncementSwitches } from './announcement-switches';
import { DeliveryList } from './delivery-list';
import { MessageComposer } from './message-composer';
import { WebhookSettings } from './webhook-settings';

/** The admin panel's Discord tab: webhook, composer with live preview, announcements, delivery list. */
export function DiscordAdminTab() {
  useDiscordEvents();
  const settings = useDiscordSettings();
  return (
    <div className="flex flex-col gap-6">
      <WebhookSettings />
      <MessageComposer />
      <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
        <div className="flex flex-col gap-6">
          <AnnouncementSwitches />
          {settings.data && !settings.data.linkingConfigured ? (
            <p className="rounded-xl border border-slate-700 bg-slate-900/60 p-4 text-slate-300 text-sm">
              {DISCORD_TEXTS.linkNotConfigured} Set DISCORD_PUBLIC_KEY and DISCORD_APPLICATION_ID, and point
              the application's Interactions Endpoint URL at /api/discord/interactions.
            </p>
          ) : null}
        </div>
        <DeliveryList />
      </div>
    </div>
  );
}
