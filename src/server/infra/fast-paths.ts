import http from 'node:http';

/** A pre-rendered public resource: the same bytes for everyone, replaced only when it changes. */
export interface CachedResource {
  readonly json: string;
  readonly etag: string;
}

/**
 * The hottest public read (GET /api/now-playing, which bots and every page ask for) is answered straight
 * from its cached bytes, before routing. The same route is registered in Fastify (documented, declared
 * public, used by app.inject); both answer identically: JSON, ETag and 304, open CORS, short caching.
 */
export class FastPaths {
  private readonly routes = new Map<string, () => CachedResource>();

  register(path: string, resource: () => CachedResource) {
    this.routes.set(path, resource);
  }

  /** Answers the request when it is a fast path; returns false to let the app handle it. */
  handle(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const get = this.routes.get(req.url ?? '');
    if (!get) return false;
    const r = get();
    const headers: http.OutgoingHttpHeaders = {
      'access-control-allow-origin': '*',
      'cache-control': 'public, max-age=2, must-revalidate',
      etag: r.etag,
      'x-content-type-options': 'nosniff',
    };
    if (req.headers['if-none-match'] === r.etag) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    headers['content-type'] = 'application/json; charset=utf-8';
    headers['content-length'] = Buffer.byteLength(r.json);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : r.json);
    return true;
  }

  /** The HTTP server for Fastify's serverFactory: fast paths first, then the app. */
  serverFactory = (handler: http.RequestListener) =>
    http.createServer((req, res) => {
      if (!this.handle(req, res)) handler(req, res);
    });
}
