import swagger from '@fastify/swagger';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../shared/contracts/common';
import { headBootCspHash } from '../../../shared/head-boot';
import type { Config } from '../../config';
import type { DbHandle } from '../../db/client';
import { type ActorResolver, accessPlugin, type EngineTokenCheck } from './access';
import { cspDirectives } from './content-security-policy';
import { errorsPlugin } from './errors';
import { type Metrics, metricsPlugin } from './metrics';
import { secureCookiesPlugin } from './secure-cookies';
import { securityHeadersPlugin } from './security-headers';
import { textSafetyPlugin } from './text-safety';

/**
 * The HTTP plugins every route runs under, in order: security headers, the OpenAPI document's builder,
 * errors, Secure cookies, metrics, text safety, access, WebSocket. app.ts registers them before any module.
 */
export async function registerHttpPlugins(
  app: FastifyInstance,
  opts: {
    config: Config;
    metrics: Metrics;
    access: { resolveActor: ActorResolver; trustedOrigins: string[]; engineToken: EngineTokenCheck };
  },
): Promise<void> {
  const { config } = opts;
  await app.register(securityHeadersPlugin, {
    options: {
      contentSecurityPolicy: {
        directives: cspDirectives(config, headBootCspHash()),
      },
      crossOriginEmbedderPolicy: false,
    },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.SITE_TITLE} API`,
        version: '1.0.0',
        description: 'The OnAir radio station API.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(errorsPlugin);
  // Cookies set over HTTPS (directly or through a trusted proxy) are Secure (docs/operations/https.md).
  await app.register(secureCookiesPlugin);
  await app.register(metricsPlugin, { metrics: opts.metrics, token: config.METRICS_TOKEN });
  await app.register(textSafetyPlugin);
  await app.register(accessPlugin, opts.access);
  // WebSocket routes (the web booth); frames over 256 KB are refused by the protocol itself.
  await app.register(websocket, { options: { maxPayload: 256 * 1024 } });
}

/** GET /healthz (the database answers) and GET /api/openapi.json (the API's document). */
export function registerSystemRoutes(app: FastifyInstance, dbh: DbHandle): void {
  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('reachable') }),
          503: ErrorBody,
        },
      },
    },
    async (_req, reply) => {
      try {
        await dbh.query('SELECT 1 AS ok');
      } catch {
        return reply
          .status(503)
          .send({ error: { code: 'UNAVAILABLE', message: 'The database is not reachable.' } });
      }
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, database: 'reachable' as const };
    },
  );
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
