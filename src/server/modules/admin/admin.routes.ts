import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Analytics,
  Audience,
  AudienceCsvQuery,
  AudienceQuery,
  Dashboard,
  ExportRangeQuery,
  ListenersExport,
} from '../../../shared/contracts/admin';
import { ErrorBody } from '../../../shared/contracts/common';
import { getAnalytics } from './analytics.service';
import { audienceCsv, getAudience } from './audience.service';
import { getDashboard } from './dashboard.service';
import {
  exportRange,
  LISTENERS_EXPORT_MAX_DAYS,
  listenersExport,
  PLAYS_CSV_COLUMNS,
  PLAYS_EXPORT_MAX_DAYS,
  playsCsv,
} from './exports.service';

const day = (iso: string) => iso.slice(0, 10);

/** Answers a CSV download (never cached) saved as `fileName`. */
const sendCsv = (reply: FastifyReply, fileName: string, body: string | Readable) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(body);

/**
 * The admin panel's own reads: the dashboard (figures and measured system status), analytics and the
 * reports. Analytics and the listeners report: whoever sees Analytics (analytics.view: admins, station
 * directors and roles with view_analytics). The play history for royalties: admins only (admin.panel).
 */
export async function adminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['admin'];
  const analytics = { access: { capability: 'analytics.view' as const } };
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
    { config: analytics, schema: { tags, response: { 200: Analytics } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return getAnalytics(ctx);
    },
  );
  r.get(
    '/api/admin/analytics/audience',
    {
      config: analytics,
      schema: {
        tags,
        description:
          'Listeners over a range (24h, 7d or 30d): over time, per show (timetable and live sessions), listening hours, per kind of client and per mount.',
        querystring: AudienceQuery,
        response: { 200: Audience, 400: ErrorBody },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return getAudience(ctx, req.query.range);
    },
  );
  r.get(
    '/api/admin/analytics/audience.csv',
    {
      config: analytics,
      schema: {
        tags,
        description: 'One table of the audience (listeners, shows, clients or mounts) as CSV.',
        querystring: AudienceCsvQuery,
        produces: ['text/csv'],
        response: { 200: z.any().describe('text/csv'), 400: ErrorBody },
      },
    },
    async (req, reply) => {
      const audience = await getAudience(ctx, req.query.range);
      return sendCsv(
        reply,
        `onair-${req.query.table}-${req.query.range}-${day(audience.to)}.csv`,
        audienceCsv(audience, req.query.table),
      );
    },
  );
  r.get(
    '/api/admin/reports/plays.csv',
    {
      config: { access: { capability: 'admin.panel' } },
      schema: {
        tags,
        description: `The play history for royalties (admins only): one CSV row per play that started in [from, to), at most ${PLAYS_EXPORT_MAX_DAYS} days. Columns: ${PLAYS_CSV_COLUMNS.join(', ')}.`,
        querystring: ExportRangeQuery,
        produces: ['text/csv'],
        response: { 200: z.any().describe('text/csv'), 400: ErrorBody },
      },
    },
    async (req, reply) => {
      const range = exportRange(req.query, PLAYS_EXPORT_MAX_DAYS);
      return sendCsv(
        reply,
        `onair-plays-${day(range.from.toISOString())}-to-${day(range.to.toISOString())}.csv`,
        Readable.from(playsCsv(ctx, range)),
      );
    },
  );
  r.get(
    '/api/admin/reports/listeners',
    {
      config: analytics,
      schema: {
        tags,
        description: `The listener samples (one a minute) of [from, to), at most ${LISTENERS_EXPORT_MAX_DAYS} days, with their peak and average.`,
        querystring: ExportRangeQuery,
        response: { 200: ListenersExport, 400: ErrorBody },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listenersExport(ctx, exportRange(req.query, LISTENERS_EXPORT_MAX_DAYS));
    },
  );
}
