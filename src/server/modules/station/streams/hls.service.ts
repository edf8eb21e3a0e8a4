import type http from 'node:http';
import type { EngineHolder } from '../../../infra/cluster/engine-holder';
import { perApp } from '../../../infra/per-app';
import { HLS } from '../../../integrations/radio/builtin/station-configs';
import type { HlsAudience } from '../audience';
import { type HlsFile, HlsFiles } from './hls-files';
import { HlsProxy } from './hls-proxy';

const CONTENT_TYPES = { playlist: 'application/vnd.apple.mpegurl', segment: 'video/mp2t' } as const;

/** What an HLS file is answered with (the same on the fast path and through Fastify). */
export function hlsHeaders(file: HlsFile): Record<string, string> {
  return {
    'content-type': CONTENT_TYPES[file.kind],
    'cache-control':
      file.kind === 'segment' ? 'public, max-age=31536000, immutable' : `public, max-age=${file.maxAge}`,
    'access-control-allow-origin': '*',
    'x-content-type-options': 'nosniff',
  };
}

/**
 * The built-in engine's HLS output as the app serves it: the files (see HlsFiles) and the audience each
 * segment fetch feeds. GET /hls/<file> is answered on the fast path (before routing, like now playing:
 * thousands of clients fetch a playlist every few seconds) and by the Fastify route (OpenAPI, inject).
 */
export class HlsService {
  readonly files: HlsFiles;
  /** On an instance that does not run the engine: the files from the one that does. */
  readonly relay: HlsProxy | null;

  constructor(
    hlsDir: () => string | null,
    private readonly audience: HlsAudience,
    private readonly trustProxy: boolean,
    /** Where the engine runs (null: no built-in engine, or the only instance). */
    private readonly holder: EngineHolder | null = null,
  ) {
    this.files = new HlsFiles(hlsDir, HLS.segmentSeconds / 2);
    this.relay = holder ? new HlsProxy(holder) : null;
  }

  /**
   * Does this instance serve the files from its own engine's folder? Not while another instance runs
   * the engine: what is left in the folder is from an earlier term.
   */
  get servesHere(): boolean {
    return this.holder?.here ?? true;
  }

  /** Looks the file up and, for a variant's playlist, tells the audience its client fetched it. */
  async fetch(name: string, address: string, userAgent: string | undefined): Promise<HlsFile | null> {
    const file = await this.files.get(name);
    this.count(file, name, address, userAgent);
    return file;
  }

  /**
   * A player keeps fetching its variant's playlist (every segment or so): those fetches make a listener
   * (see HlsAudience). The master playlist is fetched once, and segments count for nothing.
   */
  private count(file: HlsFile | null, name: string, address: string, userAgent: string | undefined) {
    if (file?.kind !== 'playlist' || name === HLS.master) return;
    this.audience.playlistFetched(`hls/${name.slice(0, -'.m3u8'.length)}`, address, userAgent);
  }

  /** The full response headers of a file body, built once per body. */
  private readonly prepared = new WeakMap<Buffer, Record<string, string | number>>();
  private headersOf(file: HlsFile) {
    let h = this.prepared.get(file.body);
    if (!h) {
      h = { ...hlsHeaders(file), 'content-length': file.body.length };
      this.prepared.set(file.body, h);
    }
    return h;
  }

  private write(req: http.IncomingMessage, res: http.ServerResponse, file: HlsFile) {
    res.writeHead(200, this.headersOf(file));
    res.end(req.method === 'HEAD' ? undefined : file.body);
  }

  /**
   * The fast path: answers an existing file; false lets the app answer (a 404, or anything else). From
   * memory without a promise when it can (most requests), else after reading the disk.
   */
  handle(req: http.IncomingMessage, res: http.ServerResponse, path: string): boolean | Promise<boolean> {
    if (!this.servesHere) return false;
    let name = path.slice('/hls/'.length);
    if (name.includes('%')) {
      try {
        name = decodeURIComponent(name);
      } catch {
        return false;
      }
    }
    const known = this.files.peek(name);
    if (known === null) return false;
    if (known) {
      this.count(known, name, this.clientAddress(req), req.headers['user-agent']);
      this.write(req, res, known);
      return true;
    }
    return this.fetch(name, this.clientAddress(req), req.headers['user-agent']).then((file) => {
      if (!file) return false;
      this.write(req, res, file);
      return true;
    });
  }

  /**
   * The client's address as Fastify's request.ip gives it (X-Forwarded-For's first when behind a proxy),
   * or the listener's another instance relayed this request for.
   */
  private clientAddress(req: http.IncomingMessage): string {
    const relayed = this.holder?.hopOf(req.headers).listener;
    if (relayed) return relayed;
    const forwarded = this.trustProxy ? req.headers['x-forwarded-for'] : undefined;
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    return first || req.socket.remoteAddress || '';
  }
}

export const hlsServiceSlot = perApp<HlsService>('the HLS service');
