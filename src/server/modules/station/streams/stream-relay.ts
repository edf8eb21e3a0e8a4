import http from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LISTEN_TEXTS } from '../../../../shared/texts/station';
import { AppError } from '../../../infra/http/errors';

/**
 * What Icecast says about the stream that players show (docs/product/listening.md, "Titles in outside
 * players"): passed back unchanged. `icy-metaint` comes only when the listener asked for titles.
 */
const ICY_HEADERS = [
  'icy-metaint',
  'icy-name',
  'icy-br',
  'icy-genre',
  'icy-url',
  'icy-description',
  'icy-pub',
] as const;

/** Did the listener ask for in-band titles (`Icy-MetaData: 1`)? */
export function wantsTitles(req: FastifyRequest): boolean {
  const asked = req.headers['icy-metadata'];
  return typeof asked === 'string' && asked.trim() === '1';
}

/** The headers a listener gets: the stream's type and titles as the upstream says, never cached. */
export function listenerHeaders(res: http.IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {
    'content-type': res.headers['content-type'] ?? 'audio/mpeg',
    'cache-control': 'no-cache, no-store',
    'x-content-type-options': 'nosniff',
    'access-control-allow-origin': '*',
  };
  for (const name of ICY_HEADERS) {
    const value = res.headers[name];
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}

/**
 * Relays one listener to an Icecast mount: the listener's program and address (`listener`: the
 * request's own, or the one another instance relayed for) reach Icecast (its client list and listener
 * count show them), and a listener who asks for titles (`Icy-MetaData: 1`) gets Icecast's in-band title
 * blocks and `icy-metaint` as they come; one who does not gets plain audio.
 */
export async function relayStream(
  req: FastifyRequest,
  reply: FastifyReply,
  source: string,
  listener: string,
): Promise<void> {
  const headers: Record<string, string> = { 'x-forwarded-for': listener };
  const ua = req.headers['user-agent'];
  if (ua) headers['user-agent'] = ua;
  if (wantsTitles(req)) headers['icy-metadata'] = '1';
  // Icecast 2.4 accepts with a short listen queue: when hundreds tune in at once, a connection can wait
  // for the kernel's SYN retries or be reset, so the relay tries again (5 s each) for up to 15 s.
  const deadline = Date.now() + 15_000;
  let upstream: http.ClientRequest;
  let res: http.IncomingMessage | null = null;
  for (;;) {
    upstream = http.get(source, { headers });
    const attempt = upstream;
    res = await new Promise<http.IncomingMessage | null>((resolve) => {
      attempt.once('response', resolve);
      attempt.once('error', () => resolve(null));
      attempt.setTimeout(5000, () => attempt.destroy());
    });
    if (res || req.raw.destroyed || Date.now() + 250 >= deadline) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  if (res?.statusCode !== 200) {
    res?.resume();
    throw new AppError('UNAVAILABLE', LISTEN_TEXTS.notOnAir);
  }
  const out = listenerHeaders(res);
  // The title blocks are counted in bytes from the body's first byte: the body is passed as it comes.
  reply.hijack();
  reply.raw.writeHead(200, out);
  res.pipe(reply.raw);
  const stop = () => {
    res.destroy();
    upstream.destroy();
  };
  reply.raw.on('close', stop);
  req.raw.on('close', stop);
}
