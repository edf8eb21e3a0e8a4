import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Profile } from '../../../shared/contracts/accounts';
import type { Capability, EffectiveAccess } from '../../../shared/permissions';
import { ACCESS_TEXTS } from '../../../shared/texts/common';
import { AppError } from './errors';

/**
 * What a route declares: anyone, any signed-in member, the holders of one capability (or of any of a
 * few, for a read two kinds of people need), or the station engine (Liquidsoap calling back, proven by
 * the engine token in `x-engine-token`: the current engine lease's token,
 * docs/operations/several-instances.md#fencing).
 */
export type Access =
  | 'public'
  | 'signed-in'
  | 'engine'
  | { capability: Capability }
  | { anyCapability: readonly Capability[] };

export interface Actor {
  userId: string;
  email: string;
  /** The name given at sign-up (better-auth's user.name). */
  signUpName: string;
  sessionId: string;
  access: EffectiveAccess;
  /** The caller's profile as read with their session (GET /api/me answers from it, no second read). */
  profile?: Profile;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The 401 message for this route when nobody is signed in (some routes have their own words). */
    unauthenticatedMessage?: string;
    /** The 413 message for this route when its body is too large. */
    tooLargeMessage?: string;
  }
  interface FastifyRequest {
    /** The signed-in caller, resolved once per request on first use; null when anonymous. */
    getActor(): Promise<Actor | null>;
    /** The signed-in caller, or a 401 with the route's message. */
    requireActor(message?: string): Promise<Actor>;
  }
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
}

/** Is this `x-engine-token` the current engine's? (one check for every engine callback) */
export type EngineTokenCheck = (token: unknown) => boolean | Promise<boolean>;

export type ActorResolver = (req: FastifyRequest, reply: FastifyReply) => Promise<Actor | null>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function describeAccess(a: Access | undefined): string {
  if (!a) return 'undeclared';
  if (typeof a === 'string') return a;
  return 'capability' in a ? `capability:${a.capability}` : `any capability:${a.anyCapability.join('|')}`;
}

/**
 * Access enforcement. Every route declares `config.access`; a route that declares none is refused to
 * everyone (and a test fails on it). Cookie-bearing state changes from an untrusted Origin are refused.
 */
export const accessPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { resolveActor: ActorResolver; trustedOrigins: string[]; engineToken?: EngineTokenCheck },
  ) => {
    app.decorate('registeredRoutes', [] as RegisteredRoute[]);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const m of methods)
        app.registeredRoutes.push({ method: m, url: route.url, access: route.config?.access });
    });

    app.decorateRequest('getActor', function getActor(this: FastifyRequest): Promise<Actor | null> {
      throw new Error('replaced per request');
    });
    app.decorateRequest('requireActor', async function requireActor(this: FastifyRequest, message?: string) {
      const actor = await this.getActor();
      if (!actor) throw new AppError('UNAUTHENTICATED', message ?? ACCESS_TEXTS.signInRequired);
      return actor;
    });

    const trusted = new Set(opts.trustedOrigins);
    app.addHook('onRequest', async (req, reply) => {
      let memo: Promise<Actor | null> | undefined;
      req.getActor = () => {
        memo ??= opts.resolveActor(req, reply);
        return memo;
      };

      const access = req.routeOptions.config?.access;
      if (access === 'engine') {
        const given = req.headers['x-engine-token'];
        if (!opts.engineToken || typeof given !== 'string' || !(await opts.engineToken(given))) {
          throw new AppError('FORBIDDEN', 'This endpoint is for the station engine.');
        }
        return;
      }

      if (!SAFE_METHODS.has(req.method)) {
        const origin = req.headers.origin;
        if (origin && !trusted.has(origin)) {
          throw new AppError('BAD_ORIGIN', 'Requests from this origin are not allowed.');
        }
        if (!origin && req.headers['sec-fetch-site'] === 'cross-site') {
          throw new AppError('BAD_ORIGIN', 'Cross-site requests are not allowed.');
        }
      }

      if (!req.routeOptions.url) return; // 404s are answered by the not-found handler
      if (access === undefined) throw new AppError('FORBIDDEN', ACCESS_TEXTS.forbidden);
      if (access === 'public') return;
      const actor = await req.getActor();
      if (!actor) {
        throw new AppError(
          'UNAUTHENTICATED',
          req.routeOptions.config?.unauthenticatedMessage ?? ACCESS_TEXTS.signInRequired,
        );
      }
      if (access === 'signed-in') return;
      const needed = 'capability' in access ? [access.capability] : access.anyCapability;
      if (!needed.some((c) => actor.access.capabilities.includes(c))) {
        throw new AppError('FORBIDDEN', ACCESS_TEXTS.forbidden);
      }
    });
  },
  { name: 'access' },
);

/** Node request headers as a WHATWG Headers object (for better-auth). */
export function toWebHeaders(h: FastifyRequest['headers']): Headers {
  const out = new Headers();
  for (const [k, v] of Object.entries(h)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) out.append(k, item);
    else out.set(k, String(v));
  }
  return out;
}
