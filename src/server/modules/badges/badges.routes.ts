import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BadgeCatalogue,
  MyBadges,
  UnlockBadgeInput,
  UnlockBadgeResult,
} from '../../../shared/contracts/badges';
import { BADGES_TEXTS } from '../../../shared/texts/badges';
import { createRateLimiter, enforceRateLimit } from '../../infra/http/rate-limit';
import { listBadges, myBadges, unlockBadge } from './badges.service';

export async function badgesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['badges'];
  // Unlock attempts per member: generous for real play, useless for scripting through the catalogue.
  const limiter = createRateLimiter({ max: 10, windowMs: 60_000 });

  r.get(
    '/api/badges',
    { config: { access: 'public' }, schema: { tags, response: { 200: BadgeCatalogue } } },
    async () => ({
      badges: await listBadges(ctx.db),
    }),
  );
  r.get(
    '/api/badges/mine',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: MyBadges } } },
    async (req) => {
      const actor = await req.requireActor();
      const [mine, all] = await Promise.all([myBadges(ctx.db, actor.userId), listBadges(ctx.db)]);
      return { badges: mine, total: all.length };
    },
  );
  r.post(
    '/api/badges/unlock',
    {
      config: { access: 'signed-in' },
      schema: { tags, body: UnlockBadgeInput, response: { 200: UnlockBadgeResult } },
    },
    async (req) => {
      const actor = await req.requireActor();
      enforceRateLimit(limiter, actor.userId, BADGES_TEXTS.tooFast);
      return unlockBadge(ctx, actor.userId, req.body.badgeCode, { timeZone: req.body.timeZone });
    },
  );
}
