import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PresenterRules, PublicSettings } from '../../../shared/contracts/settings';
import { EVENT_TYPES } from '../../../shared/events';
import { getPresenterRules, getPublicSettings } from './settings.service';

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

/** The presenter rules an admin sets, for the presenter panel. */
export async function presenterRulesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['settings'];
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
