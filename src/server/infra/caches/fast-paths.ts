import http from 'node:http';
import type { FastifyServerOptions } from 'fastify';

/** A pre-rendered public resource: the same bytes for everyone, replaced only when it changes. */
export interface CachedResource {
  readonly json: string;
  readonly etag: string;
}

/**
 * Finds the cached body for a request (path matched, query string given without its '?'), or null to let
 * the app answer it. A promise when the body is being (re)built.
 */
export type FastPathResolver = (
  req: http.IncomingMessage,
  search: string,
) => CachedResource | Promise<CachedResource> | null;

/** One answer as written: the body's bytes and the full header sets, prepared once per body. */
interface Prepared {
  etag: string;
  body: Buffer;
  ok: http.OutgoingHttpHeaders;
  notModified: http.OutgoingHttpHeaders;
}

interface FastPath {
  resolve: FastPathResolver;
  headers: Record<string, string>;
  /** Answers prepared per resource; one whose body changes in place (now-playing) is prepared again. */
  prepared: WeakMap<CachedResource, Prepared>;
}

/** now-playing's headers: open CORS (players embed it) and two seconds of caching. */
export const NOW_PLAYING_HEADERS = {
  'access-control-allow-origin': '*',
  'cache-control': 'public, max-age=2, must-revalidate',
  'x-content-type-options': 'nosniff',
};

/**
 * The hottest public reads (GET /api/now-playing, which bots and every page ask for, and the public
 * reads of infra/caches/public-reads.ts) are answered straight from their cached bytes, before routing. The
 * same routes are registered in Fastify (documented, declared public, used by app.inject); both answer
 * identically: JSON, ETag and 304, the same caching headers.
 */
export class FastPaths {
  private readonly routes = new Map<string, FastPath>();
  /** Paths under a prefix answered by their own handler (e.g. /hls/ files); false lets the app answer. */
  private readonly prefixes: {
    prefix: string;
    handle: (req: http.IncomingMessage, res: http.ServerResponse, path: string) => boolean | Promise<boolean>;
  }[] = [];
  /** Told of every answer given here (the metrics count them like the app's own routes). */
  observer: ((method: string, route: string, status: number, seconds: number) => void) | null = null;

  register(path: string, resolve: FastPathResolver, headers: Record<string, string>) {
    this.routes.set(path, { resolve, headers, prepared: new WeakMap() });
  }

  /** Every GET under `prefix` goes to `handle` first (static-like files the app serves from memory). */
  registerPrefix(
    prefix: string,
    handle: (req: http.IncomingMessage, res: http.ServerResponse, path: string) => boolean | Promise<boolean>,
  ) {
    this.prefixes.push({ prefix, handle });
  }

  /** Answers the request when it is a fast path; returns false to let the app handle it. */
  handle(req: http.IncomingMessage, res: http.ServerResponse): boolean | Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    // A bot presenting an API key goes through the app, which identifies and rate limits it per key.
    if (req.headers['x-api-key'] || req.headers.authorization) return false;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const route = this.routes.get(path);
    if (!route) {
      const p = this.prefixes.find((x) => path.startsWith(x.prefix));
      if (!p) return false;
      const started = performance.now();
      const seen = (done: boolean) => {
        if (done)
          this.observer?.(req.method ?? 'GET', `${p.prefix}*`, 200, (performance.now() - started) / 1000);
        return done;
      };
      let out: boolean | Promise<boolean>;
      try {
        out = p.handle(req, res, path);
      } catch {
        return false;
      }
      return typeof out === 'boolean' ? seen(out) : out.then(seen, () => false);
    }
    const started = performance.now();
    let r: CachedResource | Promise<CachedResource> | null;
    try {
      r = route.resolve(req, q < 0 ? '' : url.slice(q + 1));
    } catch {
      return false;
    }
    if (r === null) return false;
    const done = (status: number) =>
      this.observer?.(req.method ?? 'GET', path, status, (performance.now() - started) / 1000);
    if (!('then' in r)) {
      done(this.answer(req, res, r, route));
      return true;
    }
    // Being rebuilt: answer once it is ready; on a failure the app answers (and reports) instead.
    return r.then(
      (body) => {
        done(this.answer(req, res, body, route));
        return true;
      },
      () => false,
    );
  }

  /** The bytes and headers for a resource, encoded once (per ETag) instead of on every request. */
  private prepare(route: FastPath, r: CachedResource): Prepared {
    const known = route.prepared.get(r);
    const etag = r.etag;
    if (known && known.etag === etag) return known;
    const body = Buffer.from(r.json);
    const notModified = { ...route.headers, etag };
    const ok = {
      ...notModified,
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
    };
    const p: Prepared = { etag, body, ok, notModified };
    route.prepared.set(r, p);
    return p;
  }

  private answer(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    r: CachedResource,
    route: FastPath,
  ): number {
    const p = this.prepare(route, r);
    if (req.headers['if-none-match'] === p.etag) {
      res.writeHead(304, p.notModified);
      res.end();
      return 304;
    }
    res.writeHead(200, p.ok);
    res.end(req.method === 'HEAD' ? undefined : p.body);
    return 200;
  }

  /**
   * The HTTP server for Fastify's serverFactory: fast paths first, then the app. Fastify leaves a server
   * it did not make as Node makes it, so its timeouts are set here as Fastify sets its own: above all the
   * keep-alive time, Fastify's 72 s, not Node's 5 s, which is shorter than a proxy's or a player's idle
   * connection (nginx and Caddy keep upstream connections for 60 s and more): a request sent on a
   * connection just as the server closed it was reset (ECONNRESET; a 502 behind a proxy).
   */
  serverFactory = (handler: http.RequestListener, opts: ServerTimeouts = {}) => {
    const server = http.createServer((req, res) => {
      const handled = this.handle(req, res);
      if (handled === false) handler(req, res);
      else if (handled !== true) void handled.then((ok) => ok || handler(req, res));
    });
    server.keepAliveTimeout = opts.keepAliveTimeout ?? 72_000;
    server.requestTimeout = opts.requestTimeout ?? 0;
    server.setTimeout(opts.connectionTimeout ?? 0);
    if ((opts.maxRequestsPerSocket ?? 0) > 0)
      server.maxRequestsPerSocket = opts.maxRequestsPerSocket as number;
    return server;
  };
}

/** What Fastify passes its serverFactory and sets on a server of its own (its options, defaults filled in). */
type ServerTimeouts = Pick<
  FastifyServerOptions,
  'keepAliveTimeout' | 'requestTimeout' | 'connectionTimeout' | 'maxRequestsPerSocket'
>;
