import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PresenterRules,
  PublicSettings,
  SiteSettings,
  UpdateSiteSettingsInput,
} from '../../../shared/contracts/settings';
import { EVENT_TYPES } from '../../../shared/events';
import { getPublicSettings } from './settings.service';
import { getPresenterRules, getSiteSettings, updateSiteSettings } from './site-settings.service';

export async function settingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['settings'];
  const manage = { access: { capability: 'settings.manage' as const } };
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
  r.get(
    '/api/settings/presenter-rules',
    {
      config: { access: { capability: 'presenter.panel' } },
      schema: {
        tags,
        description: 'The presenter rules set by an admin (Markdown or plain text; empty when none).',
        response: { 200: PresenterRules },
      },
    },
    async () => ({ rules: await getPresenterRules(ctx) }),
  );
}
