import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PublicSettings } from '../../../shared/contracts/settings';
import { EVENT_TYPES } from '../../../shared/events';
import { getPublicSettings } from './public-settings';

export async function settingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['settings'];
  const publicSettings = ctx.publicReads.register({
    url: '/api/settings/public',
    response: PublicSettings,
    build: () => getPublicSettings(ctx),
    invalidatedBy: [EVENT_TYPES.settingsChanged],
  });
  r.get(
    '/api/settings/public',
    { config: { access: 'public' }, schema: { tags, response: { 200: PublicSettings } } },
    (req, reply) => publicSettings.reply(req, reply),
  );
}
