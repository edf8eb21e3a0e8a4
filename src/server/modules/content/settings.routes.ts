import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PublicSettings, UpdateSiteSettingsInput } from '../../../shared/contracts/settings';
import { getPublicSettings, updateSiteSettings } from './settings.service';

export async function settingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  r.get(
    '/api/settings/public',
    { config: { access: 'public' }, schema: { tags: ['settings'], response: { 200: PublicSettings } } },
    async () => getPublicSettings(ctx),
  );
  r.patch(
    '/api/settings/site',
    {
      config: { access: { capability: 'settings.manage' } },
      schema: { tags: ['settings'], body: UpdateSiteSettingsInput, response: { 200: PublicSettings } },
    },
    async (req) => updateSiteSettings(ctx, req.body),
  );
}
