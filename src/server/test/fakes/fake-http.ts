import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Small helpers shared by the fake third-party servers: a node:http server on a free port that records
 * every request and closes cleanly (open keep-alive and streaming connections included).
 */

export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. `/api/nowplaying/1`. */
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** The raw request body ('' when none). */
  body: string;
}

export type FakeHandler = (
  req: RecordedRequest,
  res: http.ServerResponse,
  raw: http.IncomingMessage,
) => unknown;

export interface FakeHttpServer {
  /** Base URL, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startFakeHttpServer(
  handler: FakeHandler,
  opts: { port?: number } = {},
): Promise<FakeHttpServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((raw, res) => {
    const chunks: Buffer[] = [];
    raw.on('data', (c: Buffer) => chunks.push(c));
    raw.on('end', () => {
      const u = new URL(raw.url ?? '/', 'http://fake.invalid');
      const req: RecordedRequest = {
        method: raw.method ?? 'GET',
        path: u.pathname,
        query: u.searchParams,
        headers: raw.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(req);
      Promise.resolve(handler(req, res, raw)).catch((err: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { error: String(err) });
        else res.destroy();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** Parses a JSON or form-encoded request body into a plain object ({} when empty or unparsable). */
export function parseBody(req: RecordedRequest): Record<string, unknown> {
  if (!req.body) return {};
  const type = String(req.headers['content-type'] ?? '');
  if (type.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(req.body));
  }
  try {
    const parsed: unknown = JSON.parse(req.body);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
