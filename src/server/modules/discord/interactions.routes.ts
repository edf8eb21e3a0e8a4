import {
  type APIInteractionResponse,
  InteractionResponseType,
  InteractionType,
  MessageFlags,
} from 'discord-api-types/v10';
import type { FastifyInstance } from 'fastify';
import { LINK_COMMAND } from '../../integrations/discord/commands';
import { discordPublicKey, verifyInteraction } from '../../integrations/discord/interactions';
import { getPublicSettings } from '../settings/public-settings';
import { CODE_TTL_MS, issueLinkCodeOnce } from './discord-link.service';
import { readInteraction } from './interaction-input';

const ephemeral = (content: string): APIInteractionResponse => ({
  type: InteractionResponseType.ChannelMessageWithSource,
  data: { content, flags: MessageFlags.Ephemeral },
});

/**
 * POST /api/discord/interactions: the station's Discord bot is this endpoint. Every request must carry
 * Discord's Ed25519 signature over timestamp + raw body (401 otherwise, as Discord's own probes expect);
 * PING gets PONG, /link gets a private 6-digit code. Its own plugin, so only here is the body kept raw.
 */
export async function interactionsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const key = ctx.config.DISCORD_PUBLIC_KEY ? discordPublicKey(ctx.config.DISCORD_PUBLIC_KEY) : null;
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.post(
    '/api/discord/interactions',
    {
      config: { access: 'public' },
      schema: {
        tags: ['discord'],
        description:
          "Discord's Interactions Endpoint: a Discord interaction (JSON) signed with the application's Ed25519 key in X-Signature-Ed25519 and X-Signature-Timestamp; 401 when the signature does not verify.",
      },
    },
    async (req, reply) => {
      const raw = req.body as Buffer;
      const sig = req.headers['x-signature-ed25519'];
      const ts = req.headers['x-signature-timestamp'];
      if (
        !key ||
        !Buffer.isBuffer(raw) ||
        !verifyInteraction(
          key,
          typeof sig === 'string' ? sig : undefined,
          typeof ts === 'string' ? ts : undefined,
          raw,
        )
      ) {
        return reply
          .code(401)
          .send({ error: { code: 'UNAUTHENTICATED', message: 'Invalid request signature.' } });
      }
      const parsed = readInteraction(raw);
      if (!parsed.ok) {
        req.log.warn({ reason: parsed.reason }, `discord: interaction refused (${parsed.reason})`);
        return reply.code(400).send({ error: { code: 'VALIDATION', message: parsed.message } });
      }
      const interaction = parsed.interaction;
      if (interaction.type === InteractionType.Ping) return { type: InteractionResponseType.Pong };
      if (interaction.type !== InteractionType.ApplicationCommand) {
        return ephemeral('This station only answers the /link command.');
      }
      if (interaction.data.name !== LINK_COMMAND)
        return ephemeral(`Unknown command /${interaction.data.name}.`);
      const user = interaction.member?.user ?? interaction.user;
      if (!user) return ephemeral('Discord did not say who you are; please try again.');
      const { siteTitle } = await getPublicSettings(ctx);
      const issued = await issueLinkCodeOnce(ctx, interaction.id, {
        id: user.id,
        username: user.global_name ? `${user.global_name} (@${user.username})` : user.username,
      });
      if ('replay' in issued) {
        req.log.warn({ interaction: interaction.id }, 'discord: interaction refused (already answered)');
        return reply
          .code(409)
          .send({ error: { code: 'CONFLICT', message: 'This interaction has already been answered.' } });
      }
      if ('linkedTo' in issued) {
        return ephemeral(
          `Your Discord account is already linked to ${issued.linkedTo} on ${siteTitle}. Unlink it in Profile → Settings first.`,
        );
      }
      return ephemeral(
        `Your verification code is **${issued.code}**. Enter it in Profile → Settings → Discord on ${siteTitle} (${ctx.config.baseUrl}/profile?tab=settings) within ${CODE_TTL_MS / 60_000} minutes. Do not share it with anyone.`,
      );
    },
  );
}
