import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam } from '../../../shared/contracts/common';
import {
  ApiKey,
  ApiKeyInput,
  ApiKeyList,
  CreatedApiKey,
  DatabaseView,
  KeyInfo,
  maskApiKey,
  SystemLogList,
  SystemLogQuery,
  SystemStatus,
} from '../../../shared/contracts/staff';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';
import { databaseView, systemStatus } from './developer.service';
import { cap } from './staff.routes';
import { listSystemLogs } from './system-logs.service';

/** The Developer section (developer.tools: developers and admins), and the key check for bots. */
export async function developerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['developer'];
  const dev = cap('developer.tools');

  r.get(
    '/api/staff/system/status',
    { config: dev, schema: { tags, response: { 200: SystemStatus } } },
    async () => systemStatus(ctx),
  );
  r.get(
    '/api/staff/system/logs',
    { config: dev, schema: { tags, querystring: SystemLogQuery, response: { 200: SystemLogList } } },
    async (req) => ({ logs: await listSystemLogs(ctx, req.query.level) }),
  );
  r.get(
    '/api/staff/system/database',
    { config: dev, schema: { tags, response: { 200: DatabaseView } } },
    async () => databaseView(ctx),
  );

  r.get('/api/staff/api-keys', { config: dev, schema: { tags, response: { 200: ApiKeyList } } }, async () => {
    await app.apiKeys.flushUsage();
    return { keys: await listApiKeys(ctx) };
  });
  r.post(
    '/api/staff/api-keys',
    { config: dev, schema: { tags, body: ApiKeyInput, response: { 201: CreatedApiKey } } },
    async (req, reply) => reply.code(201).send(await createApiKey(ctx, await req.requireActor(), req.body)),
  );
  r.post(
    '/api/staff/api-keys/:id/revoke',
    { config: dev, schema: { tags, params: IdParam, response: { 200: z.object({ apiKey: ApiKey }) } } },
    async (req) => {
      const apiKey = await revokeApiKey(ctx, req.params.id);
      app.apiKeys.forget();
      return { apiKey };
    },
  );

  // A bot checks which key it is using (and its limit); null without a key.
  r.get(
    '/api/key-info',
    { config: { access: 'public' }, schema: { tags, response: { 200: KeyInfo } } },
    async (req) => ({
      apiKey: req.apiKey
        ? {
            name: req.apiKey.name,
            maskedKey: maskApiKey(req.apiKey.prefix),
            limitPerMinute: ctx.config.API_KEY_RATE_LIMIT_PER_MINUTE,
          }
        : null,
    }),
  );
}
