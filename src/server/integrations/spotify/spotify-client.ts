import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import { ClientCredentials } from '../client-credentials';
import { fetchWithTimeout } from '../http-client';

/** 'rejected': Spotify said no (bad credentials, bad request); 'unavailable': network, 5xx, rate limit. */
export class SpotifyError extends Error {
  constructor(
    message: string,
    readonly kind: 'unavailable' | 'rejected',
  ) {
    super(message);
    this.name = 'SpotifyError';
  }
}

export interface SpotifyTrack {
  id: string;
  title: string;
  /** All artists' names joined by ', '. */
  artist: string;
  album: string;
  art: string | null;
  durationMs: number;
}

export interface SpotifyClientOptions {
  clientId: string;
  clientSecret: string;
  apiUrl?: string;
  accountsUrl?: string;
  log?: FastifyBaseLogger;
  /** Per-request time limit (default 10 s). */
  timeoutMs?: number;
  /** Longest Retry-After honoured on a 429 (default 5 s); a longer one fails at once. */
  maxRetryAfterMs?: number;
  /** Clock for token expiry (tests). */
  now?: () => number;
}

const TokenErrorSchema = z.object({
  error: z.string().default(''),
  error_description: z.string().default(''),
});
const ApiErrorSchema = z.object({ error: z.object({ message: z.string().default('') }) });
const ImageSchema = z.object({ url: z.string(), height: z.number().nullish(), width: z.number().nullish() });
const TrackSchema = z.object({
  id: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  name: z.string().default(''),
  artists: z.array(z.object({ name: z.string().default('') })).default([]),
  album: z
    .object({
      name: z.string().default(''),
      images: z
        .array(ImageSchema)
        .nullish()
        .transform((v) => v ?? []),
    })
    .nullish()
    .transform((v) => v ?? { name: '', images: [] }),
  duration_ms: z
    .number()
    .nullish()
    .transform((v) => v ?? 0),
});
const SearchSchema = z.object({
  tracks: z
    .object({ items: z.array(TrackSchema.nullable()).default([]) })
    .nullish()
    .transform((v) => (v?.items ?? []).filter((t) => t !== null)),
});

/** The album image of height 300 to 640, else the first image, else null. */
export function pickAlbumArt(images: { url: string; height?: number | null }[]): string | null {
  const fit = images.find((i) => i.height != null && i.height >= 300 && i.height <= 640);
  return (fit ?? images[0])?.url ?? null;
}

const noop = () => {};
const silentLog = {
  level: 'silent',
  fatal: noop,
  error: noop,
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Spotify Web API with the client-credentials flow: album art and track search for requests. */
export class SpotifyClient {
  private readonly apiUrl: string;
  private readonly credentials: ClientCredentials;

  constructor(private readonly options: SpotifyClientOptions) {
    this.apiUrl = (options.apiUrl ?? 'https://api.spotify.com').replace(/\/+$/, '');
    const accountsUrl = (options.accountsUrl ?? 'https://accounts.spotify.com').replace(/\/+$/, '');
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    this.credentials = new ClientCredentials({
      tokenUrl: `${accountsUrl}/api/token`,
      tokenHeaders: { authorization: `Basic ${basic}` },
      send: (url, init) => this.send(url, init),
      now: options.now ?? Date.now,
      detail: (step, body) => {
        if (step === 'token') {
          const e = TokenErrorSchema.safeParse(body ?? {});
          return e.success ? e.data.error_description || e.data.error : '';
        }
        const e = ApiErrorSchema.safeParse(body);
        return e.success ? e.data.error.message : '';
      },
      messages: {
        token: {
          unavailable: 'Spotify accounts service failed',
          rejected: 'Spotify rejected the client credentials',
        },
        request: { unavailable: 'Spotify failed', rejected: 'Spotify refused the request' },
        unexpectedToken: 'Spotify sent an unexpected token answer',
      },
      error: (message, kind) => new SpotifyError(message, kind),
    });
  }

  /** null when SPOTIFY_CLIENT_ID or SPOTIFY_CLIENT_SECRET is missing (Spotify not configured). */
  static fromConfig(
    config: Pick<
      Config,
      'SPOTIFY_CLIENT_ID' | 'SPOTIFY_CLIENT_SECRET' | 'SPOTIFY_API_URL' | 'SPOTIFY_ACCOUNTS_URL'
    >,
    log?: FastifyBaseLogger,
  ): SpotifyClient | null {
    if (!config.SPOTIFY_CLIENT_ID || !config.SPOTIFY_CLIENT_SECRET) return null;
    return new SpotifyClient({
      clientId: config.SPOTIFY_CLIENT_ID,
      clientSecret: config.SPOTIFY_CLIENT_SECRET,
      apiUrl: config.SPOTIFY_API_URL,
      accountsUrl: config.SPOTIFY_ACCOUNTS_URL,
      log,
    });
  }

  /** Album art URL for a track (search `track:… artist:…`, limit 1), or null when nothing is found. */
  async findAlbumArt(title: string, artist: string): Promise<string | null> {
    if (!title.trim()) return null;
    const q = artist.trim() ? `track:${title.trim()} artist:${artist.trim()}` : `track:${title.trim()}`;
    const [track] = await this.search(q, 1);
    return track ? pickAlbumArt(track.album.images) : null;
  }

  /** Free-text track search (limit 1–50, default 10). */
  async searchTracks(query: string, limit = 10): Promise<SpotifyTrack[]> {
    if (!query.trim()) return [];
    const items = await this.search(query.trim(), Math.min(50, Math.max(1, Math.floor(limit))));
    return items.map((t) => ({
      id: t.id,
      title: t.name,
      artist: t.artists.map((a) => a.name).join(', '),
      album: t.album.name,
      art: pickAlbumArt(t.album.images),
      durationMs: t.duration_ms,
    }));
  }

  private async search(q: string, limit: number) {
    const params = new URLSearchParams({ q, type: 'track', limit: String(limit) });
    const json = await this.credentials.getJson(`${this.apiUrl}/v1/search?${params}`);
    const parsed = SearchSchema.safeParse(json);
    if (!parsed.success) throw new SpotifyError('Spotify sent an unexpected search answer', 'unavailable');
    return parsed.data.tracks;
  }

  /** fetch with a time limit; on a 429 waits Retry-After once (up to maxRetryAfterMs), then gives up. */
  private async send(url: string, init: RequestInit): Promise<Response> {
    const maxWait = this.options.maxRetryAfterMs ?? 5_000;
    for (let attempt = 0; ; attempt++) {
      const res = await fetchWithTimeout(
        url,
        init,
        this.options.timeoutMs ?? 10_000,
        (reason) => new SpotifyError(`Spotify could not be reached (${reason})`, 'unavailable'),
      );
      if (res.status !== 429) return res;
      await res.body?.cancel().catch(() => {});
      const waitMs = retryAfterMs(res.headers.get('retry-after'));
      if (attempt > 0 || waitMs > maxWait) {
        (this.options.log ?? silentLog).warn(`Spotify rate limit: retry after ${Math.ceil(waitMs / 1000)} s`);
        throw new SpotifyError('Spotify is rate limiting requests; try again shortly', 'unavailable');
      }
      await sleep(waitMs);
    }
  }
}

/** Retry-After in seconds or as an HTTP date; 1 s when absent or unreadable. */
function retryAfterMs(header: string | null): number {
  if (!header) return 1_000;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : 1_000;
}
