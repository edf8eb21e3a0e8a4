import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import { ClientCredentials } from '../client-credentials';
import { fetchWithTimeout } from '../http-client';

/**
 * 'rejected': Twitch said no (bad credentials, bad request); 'unavailable': network or 5xx;
 * 'rate-limited': the rate-limit bucket is empty until `retryAt` (ms since the epoch).
 */
export class TwitchError extends Error {
  constructor(
    message: string,
    readonly kind: 'unavailable' | 'rejected' | 'rate-limited',
    readonly retryAt?: number,
  ) {
    super(message);
    this.name = 'TwitchError';
  }
}

export interface TwitchStream {
  /** The channel's login, lowercased. */
  login: string;
  userName: string;
  title: string;
  gameName: string;
  viewerCount: number;
  startedAt: string;
}

export interface TwitchClientOptions {
  clientId: string;
  clientSecret: string;
  apiUrl?: string;
  authUrl?: string;
  log?: FastifyBaseLogger;
  /** Per-request time limit (default 10 s). */
  timeoutMs?: number;
  /** Longest wait for the rate-limit bucket to refill before a call (default 5 s); longer fails at once. */
  maxRateLimitWaitMs?: number;
  /** Clock (tests). */
  now?: () => number;
}

const ErrorSchema = z.object({ message: z.string().default(''), error: z.string().optional() });
const StreamsSchema = z.object({
  data: z.array(
    z.object({
      user_login: z.string(),
      user_name: z.string().default(''),
      type: z.string().default('live'),
      title: z.string().default(''),
      game_name: z.string().default(''),
      viewer_count: z.number().default(0),
      started_at: z.string().default(''),
    }),
  ),
  pagination: z.object({ cursor: z.string().optional() }).partial().default({}),
});

/** Helix accepts at most 100 user_login parameters per call. */
export const LOGINS_PER_CALL = 100;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Twitch's Helix API with an app access token (client-credentials flow): who of a list of channels is
 * live. The token is kept until shortly before it expires and renewed when Twitch answers 401. The
 * rate-limit headers (Ratelimit-Remaining, Ratelimit-Reset) of every answer are honoured: with the
 * bucket empty no call is made until it refills, and a 429 waits for Ratelimit-Reset.
 */
export class TwitchClient {
  private readonly apiUrl: string;
  private readonly now: () => number;
  private readonly credentials: ClientCredentials;
  /** While the bucket is empty: when it refills (ms). */
  private blockedUntil = 0;
  /** Why the last check failed, or null after one that worked (shown in the admin tab). */
  lastError: string | null = null;

  constructor(private readonly options: TwitchClientOptions) {
    this.apiUrl = (options.apiUrl ?? 'https://api.twitch.tv').replace(/\/+$/, '');
    const authUrl = (options.authUrl ?? 'https://id.twitch.tv').replace(/\/+$/, '');
    this.now = options.now ?? Date.now;
    this.credentials = new ClientCredentials({
      tokenUrl: `${authUrl}/oauth2/token`,
      tokenForm: { client_id: options.clientId, client_secret: options.clientSecret },
      send: (url, init) => this.send(url, init),
      now: this.now,
      detail: (_step, body) => {
        const e = ErrorSchema.safeParse(body ?? {});
        return e.success ? e.data.message : '';
      },
      messages: {
        token: {
          unavailable: 'Twitch authentication failed',
          rejected: 'Twitch rejected the client credentials',
        },
        request: { unavailable: 'Twitch failed', rejected: 'Twitch refused the request' },
        unexpectedToken: 'Twitch sent an unexpected token answer',
      },
      error: (message, kind) => new TwitchError(message, kind),
    });
  }

  /** null when TWITCH_CLIENT_ID or TWITCH_CLIENT_SECRET is missing (Twitch not set up). */
  static fromConfig(
    config: Pick<Config, 'TWITCH_CLIENT_ID' | 'TWITCH_CLIENT_SECRET' | 'TWITCH_API_URL' | 'TWITCH_AUTH_URL'>,
    log?: FastifyBaseLogger,
  ): TwitchClient | null {
    if (!config.TWITCH_CLIENT_ID || !config.TWITCH_CLIENT_SECRET) return null;
    return new TwitchClient({
      clientId: config.TWITCH_CLIENT_ID,
      clientSecret: config.TWITCH_CLIENT_SECRET,
      apiUrl: config.TWITCH_API_URL,
      authUrl: config.TWITCH_AUTH_URL,
      log,
    });
  }

  /** The live streams among `logins` (any case), keyed by lowercased login; batches of 100 per call. */
  async liveStreams(logins: string[]): Promise<Map<string, TwitchStream>> {
    try {
      const live = await this.fetchLive(logins);
      this.lastError = null;
      return live;
    } catch (err) {
      this.lastError = err instanceof Error ? err.message : String(err);
      throw err;
    }
  }

  private async fetchLive(logins: string[]): Promise<Map<string, TwitchStream>> {
    const unique = [...new Set(logins.map((l) => l.trim().toLowerCase()).filter(Boolean))];
    const live = new Map<string, TwitchStream>();
    for (let i = 0; i < unique.length; i += LOGINS_PER_CALL) {
      const batch = unique.slice(i, i + LOGINS_PER_CALL);
      const params = new URLSearchParams({ first: String(LOGINS_PER_CALL) });
      for (const login of batch) params.append('user_login', login);
      const json = await this.credentials.getJson(`${this.apiUrl}/helix/streams?${params}`, {
        'client-id': this.options.clientId,
      });
      const parsed = StreamsSchema.safeParse(json);
      if (!parsed.success) throw new TwitchError('Twitch sent an unexpected streams answer', 'unavailable');
      for (const s of parsed.data.data) {
        if (s.type !== 'live') continue;
        live.set(s.user_login.toLowerCase(), {
          login: s.user_login.toLowerCase(),
          userName: s.user_name || s.user_login,
          title: s.title,
          gameName: s.game_name,
          viewerCount: s.viewer_count,
          startedAt: s.started_at,
        });
      }
    }
    return live;
  }

  /**
   * fetch with a time limit and the rate limit: waits (up to maxRateLimitWaitMs) while the bucket is
   * empty, then sends; a 429 is waited out once when Ratelimit-Reset is near, otherwise reported.
   */
  private async send(url: string, init: RequestInit): Promise<Response> {
    const maxWait = this.options.maxRateLimitWaitMs ?? 5_000;
    for (let attempt = 0; ; attempt++) {
      const wait = this.blockedUntil - this.now();
      if (wait > 0) {
        if (wait > maxWait || attempt > 1) {
          throw new TwitchError(
            `Twitch rate limit reached; calls resume at ${new Date(this.blockedUntil).toISOString()}`,
            'rate-limited',
            this.blockedUntil,
          );
        }
        await sleep(wait);
      }
      const res = await fetchWithTimeout(
        url,
        init,
        this.options.timeoutMs ?? 10_000,
        (reason) => new TwitchError(`Twitch could not be reached (${reason})`, 'unavailable'),
      );
      this.noteRateLimit(res);
      if (res.status !== 429) return res;
      await res.body?.cancel().catch(() => {});
      // Without a usable Ratelimit-Reset, wait a second.
      if (this.blockedUntil <= this.now()) this.blockedUntil = this.now() + 1_000;
      this.options.log?.warn(
        { resumeAt: new Date(this.blockedUntil).toISOString() },
        'Twitch rate limit: waiting for the bucket to refill',
      );
    }
  }

  private noteRateLimit(res: Response) {
    const remaining = Number(res.headers.get('ratelimit-remaining'));
    const reset = Number(res.headers.get('ratelimit-reset'));
    const empty = res.status === 429 || (res.headers.has('ratelimit-remaining') && remaining <= 0);
    if (empty && Number.isFinite(reset) && reset > 0) this.blockedUntil = reset * 1000;
  }
}
