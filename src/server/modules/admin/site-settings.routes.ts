import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SiteSettings, UpdateSiteSettingsInput } from '../../../shared/contracts/settings';
import { getSiteSettings, updateSiteSettings } from './site-settings.service';

/**
 * The admin panel's site settings: one form over the settings of several modules (content, requests,
 * schedule, the station's listen URL), so it lives here, above all of them.
 */
export async function siteSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['settings'];
  const manage = { access: { capability: 'settings.manage' as const } };
  r.get(
    '/api/settings/site',
    { config: manage, schema: { tags, response: { 200: SiteSettings } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return getSiteSettings(ctx);
    },
  );
  r.patch(
    '/api/settings/site',
    { config: manage, schema: { tags, body: UpdateSiteSettingsInput, response: { 200: SiteSettings } } },
    async (req) => updateSiteSettings(ctx, req.body, await req.requireActor()),
  );
}
