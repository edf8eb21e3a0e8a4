import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PRESENTER_TEXTS } from '../../../shared/texts/staff';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { findActiveKey, type IdentifiedKey, recordKeyUsage } from './api-key-lookup';
import { AppError } from './errors';
import { createRateLimiter } from './rate-limit';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key a bot identified itself with (read requests only), or null. */
    apiKey: IdentifiedKey | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** How long a key's lookup is trusted in memory (a revoked key stops working on other instances within it). */
const CACHE_MS = 10_000;
const CACHE_MAX = 1000;
const USAGE_FLUSH_MS = 30_000;

/** The key a request presents: `Authorization: Bearer illusion_…` or `X-API-Key: illusion_…`. */
export function presentedKey(headers: FastifyRequest['headers']): string | null {
  const header = headers['x-api-key'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const auth = headers.authorization;
  if (typeof auth === 'string') {
    const m = /^Bearer\s+(illusion_\S+)$/i.exec(auth.trim());
    if (m) return m[1];
  }
  return null;
}

/**
 * API keys on the public API: a request that presents a key is identified (`req.apiKey`, and the
 * `X-API-Client` answer header naming the key by its first 12 characters) and rate limited per key
 * (API_KEY_RATE_LIMIT_PER_MINUTE, 429 with Retry-After). A key only reads: a write that presents one is
 * refused, and so is an unknown or revoked key (401), so a bot learns at once that its key is wrong.
 * A key grants no member's rights: routes that need a session still need one. Use is counted in
 * memory and added to the key's totals every 30 s.
 */
export const apiKeyAccessPlugin = fp(
  async (app: FastifyInstance, opts: { ctx: { db: Db; config: Config; log: FastifyBaseLogger } }) => {
    const { ctx } = opts;
    const cache = new Map<string, { key: IdentifiedKey | null; until: number }>();
    const limiter = createRateLimiter({ max: ctx.config.API_KEY_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 });
    let usage = new Map<string, { n: number; at: Date }>();

    const identify = async (value: string) => {
      const now = Date.now();
      const hit = cache.get(value);
      if (hit && hit.until > now) return hit.key;
      const key = await findActiveKey(ctx, value);
      if (cache.size >= CACHE_MAX) cache.clear();
      cache.set(value, { key, until: now + CACHE_MS });
      return key;
    };

    const flushUsage = async () => {
      if (usage.size === 0) return;
      const batch = usage;
      usage = new Map();
      await recordKeyUsage(ctx, batch).catch((err) =>
        ctx.log.warn({ err }, 'api keys: could not record use'),
      );
    };
    const timer = setInterval(() => void flushUsage(), USAGE_FLUSH_MS);
    timer.unref();

    app.decorateRequest('apiKey', null);
    app.decorate('apiKeys', {
      flushUsage,
      forget: () => cache.clear(),
    });

    app.addHook('onRequest', async (req, reply) => {
      const value = presentedKey(req.headers);
      if (!value) return;
      const key = await identify(value);
      if (!key) throw new AppError('UNAUTHENTICATED', PRESENTER_TEXTS.apiKeyInvalid);
      if (!SAFE_METHODS.has(req.method)) throw new AppError('FORBIDDEN', PRESENTER_TEXTS.apiKeyReadOnly);
      const limit = limiter.hit(key.id);
      reply.header('x-ratelimit-limit', String(ctx.config.API_KEY_RATE_LIMIT_PER_MINUTE));
      if (!limit.allowed) {
        throw Object.assign(new AppError('RATE_LIMITED', PRESENTER_TEXTS.apiKeyRateLimited), {
          retryAfterSeconds: limit.retryAfterSeconds,
        });
      }
      reply.header('x-api-client', key.prefix);
      req.apiKey = key;
      const u = usage.get(key.id) ?? { n: 0, at: new Date() };
      u.n += 1;
      u.at = new Date();
      usage.set(key.id, u);
    });

    // The app's own onClose writes the last counts before the database closes (app.ts).
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'api-key-access', dependencies: ['access'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    apiKeys: { flushUsage(): Promise<void>; forget(): void };
  }
}
