import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam } from '../../../shared/contracts/common';
import {
  AnnouncementSwitches,
  DeliveryList,
  DeliveryView,
  DiscordLinkView,
  DiscordMessageInput,
  DiscordSettingsView,
  LinkCodeInput,
  SaveWebhookInput,
} from '../../../shared/contracts/discord';
import { discordLinkView, redeemLinkCode, unlinkDiscord } from './discord-link.service';
import { discordSettingsView, saveWebhookUrl, updateAnnouncements } from './discord-settings.service';
import { listDeliveries, retryDelivery, sendComposedMessage } from './outbox.service';

/** The admin panel's Discord tab, and a member's own Discord link. */
export async function discordRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['discord'];
  const admin = { access: { capability: 'admin.panel' as const } };

  r.get(
    '/api/discord/settings',
    { config: admin, schema: { tags, response: { 200: DiscordSettingsView } } },
    async () => discordSettingsView(ctx),
  );
  r.put(
    '/api/discord/webhook',
    { config: admin, schema: { tags, body: SaveWebhookInput, response: { 200: DiscordSettingsView } } },
    async (req) => saveWebhookUrl(ctx, req.body.url, await req.requireActor()),
  );
  r.put(
    '/api/discord/announcements',
    { config: admin, schema: { tags, body: AnnouncementSwitches, response: { 200: DiscordSettingsView } } },
    async (req) => updateAnnouncements(ctx, req.body, await req.requireActor()),
  );
  r.get(
    '/api/discord/messages',
    { config: admin, schema: { tags, response: { 200: DeliveryList } } },
    async () => ({ messages: await listDeliveries(ctx) }),
  );
  r.post(
    '/api/discord/messages',
    {
      config: admin,
      schema: { tags, body: DiscordMessageInput, response: { 202: z.object({ message: DeliveryView }) } },
    },
    async (req, reply) => {
      const actor = await req.requireActor();
      const message = await sendComposedMessage(ctx, actor.userId, req.body);
      return reply.code(202).send({ message });
    },
  );
  r.post(
    '/api/discord/messages/:id/retry',
    {
      config: admin,
      schema: { tags, params: IdParam, response: { 202: z.object({ message: DeliveryView }) } },
    },
    async (req, reply) => reply.code(202).send({ message: await retryDelivery(ctx, req.params.id) }),
  );

  r.get(
    '/api/me/discord',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: DiscordLinkView } } },
    async (req) => discordLinkView(ctx, (await req.requireActor()).userId),
  );
  r.post(
    '/api/me/discord/verify',
    {
      config: { access: 'signed-in' },
      schema: { tags, body: LinkCodeInput, response: { 200: DiscordLinkView } },
    },
    async (req) => redeemLinkCode(ctx, (await req.requireActor()).userId, req.body.code),
  );
  r.delete(
    '/api/me/discord',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: DiscordLinkView } } },
    async (req) => unlinkDiscord(ctx, (await req.requireActor()).userId),
  );
}
