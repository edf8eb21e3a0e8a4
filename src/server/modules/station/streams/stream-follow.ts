import http from 'node:http';
import https from 'node:https';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LISTEN_TEXTS } from '../../../../shared/texts/station';
import { AppError } from '../../../infra/http/errors';
import { IcyReader, IcyWriter } from './icy-framing';
import { listenerHeaders, wantsTitles } from './stream-relay';

/** An upstream to relay from: the engine instance's /stream, or this instance's own Icecast. */
export interface Upstream {
  url: string;
  /** Besides the listener's User-Agent and Icy-MetaData, which are added here. */
  headers: Record<string, string>;
}

export interface FollowOptions {
  /** Where the stream comes from now, or null (no instance runs the engine); `again` after a failure. */
  pick(again: boolean): Promise<Upstream | null>;
  /** How long the first connection may take (the engine may be starting). */
  connectWithinMs?: number;
  /** How long a listener is kept, silent, while no upstream serves after the last one ended. */
  resumeWithinMs?: number;
}

const RETRY_MS = 250;
const RESUME_RETRY_MS = 500;
/** An upstream that answers nothing (no headers, then no audio) this long is given up. */
const STALL_MS = 5_000;

/**
 * Relays one listener on an instance that does not run the engine (or no longer does), through a
 * failover of the engine: when the upstream ends, the listener's response stays open and the relay
 * resumes from wherever the engine runs next (another instance, or this one), for up to
 * `resumeWithinMs`; then the response ends. Plain MP3 simply continues. A listener who asked for
 * titles gets this relay's own ICY framing at the first upstream's `icy-metaint`: each upstream's blocks
 * are stripped and the latest title is inserted at this relay's offsets, so the framing stays valid
 * across the switch.
 */
export async function followStream(
  req: FastifyRequest,
  reply: FastifyReply,
  opts: FollowOptions,
): Promise<void> {
  const titles = wantsTitles(req);
  const extra: Record<string, string> = {};
  const ua = req.headers['user-agent'];
  if (ua) extra['user-agent'] = ua;
  if (titles) extra['icy-metadata'] = '1';

  let current: { req: http.ClientRequest; res: http.IncomingMessage } | null = null;
  const open = async (again: boolean) => {
    const up = await opts.pick(again).catch(() => null);
    if (!up || req.raw.destroyed) return null;
    const got = await connect(up.url, { ...up.headers, ...extra });
    if (got && req.raw.destroyed) {
      got.req.destroy();
      return null;
    }
    return got;
  };

  const connectBy = Date.now() + (opts.connectWithinMs ?? 15_000);
  for (let again = false; ; again = true) {
    current = await open(again);
    if (current || req.raw.destroyed || Date.now() + RETRY_MS >= connectBy) break;
    await sleep(RETRY_MS);
  }
  if (!current) throw new AppError('UNAVAILABLE', LISTEN_TEXTS.notOnAir);

  const metaint = titles ? metaintOf(current.res) : null;
  const writer = metaint ? new IcyWriter(metaint) : null;
  const out = listenerHeaders(current.res);
  if (!writer) delete out['icy-metaint'];
  reply.hijack();
  const listener = reply.raw;
  listener.writeHead(200, out);

  let closed = false;
  const stop = () => {
    closed = true;
    current?.req.destroy();
  };
  listener.on('close', stop);
  req.raw.on('close', stop);

  const pump = (up: { req: http.ClientRequest; res: http.IncomingMessage }) => {
    let ok = true;
    const reader = new IcyReader(titles ? metaintOf(up.res) : null, {
      audio: (audio) => {
        for (const piece of writer ? writer.frame(audio) : [audio]) ok = listener.write(piece) && ok;
      },
      meta: (meta) => writer?.setMeta(meta),
    });
    up.res.on('data', (chunk: Buffer) => {
      if (closed) return;
      ok = true;
      reader.push(chunk);
      if (!ok) {
        up.res.pause();
        listener.once('drain', () => up.res.resume());
      }
    });
    let ended = false;
    const onEnd = () => {
      if (ended) return;
      ended = true;
      up.req.destroy();
      if (!closed) void resume();
    };
    up.res.on('end', onEnd);
    up.res.on('close', onEnd);
    up.res.on('error', onEnd);
  };

  const resume = async () => {
    const until = Date.now() + (opts.resumeWithinMs ?? 45_000);
    while (!closed && Date.now() < until) {
      const next = await open(true);
      if (next) {
        if (closed) {
          next.req.destroy();
          return;
        }
        current = next;
        pump(next);
        return;
      }
      await sleep(RESUME_RETRY_MS);
    }
    if (!closed) listener.end();
  };

  pump(current);
}

/** Opens `url`; the response when it answers 200, else null (refused, unreachable, silent). */
function connect(
  url: string,
  headers: Record<string, string>,
): Promise<{ req: http.ClientRequest; res: http.IncomingMessage } | null> {
  return new Promise((resolve) => {
    const get = url.startsWith('https:') ? https.get : http.get;
    let req: http.ClientRequest;
    try {
      req = get(url, { headers });
    } catch {
      resolve(null);
      return;
    }
    req.once('response', (res) => {
      if (res.statusCode === 200) resolve({ req, res });
      else {
        res.resume();
        req.destroy();
        resolve(null);
      }
    });
    req.on('error', () => resolve(null));
    // Also while relaying: an upstream that stops sending (a frozen instance) is given up.
    req.setTimeout(STALL_MS, () => req.destroy());
  });
}

function metaintOf(res: http.IncomingMessage): number | null {
  const n = Number(res.headers['icy-metaint']);
  return Number.isInteger(n) && n > 0 && n <= 1_000_000 ? n : null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
