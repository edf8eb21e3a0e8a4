import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Analytics, Dashboard } from '../../../shared/contracts/admin';
import { getAnalytics } from './analytics.service';
import { getDashboard } from './dashboard.service';

/** The admin panel's own reads: the dashboard (figures and measured system status) and analytics. */
export async function adminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['admin'];
  r.get(
    '/api/admin/dashboard',
    { config: { access: { capability: 'admin.panel' } }, schema: { tags, response: { 200: Dashboard } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return getDashboard(ctx);
    },
  );
  r.get(
    '/api/admin/analytics',
    {
      config: { access: { capability: 'analytics.view' } },
      schema: { tags, response: { 200: Analytics } },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return getAnalytics(ctx);
    },
  );
}
