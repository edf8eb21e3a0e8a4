import { randomBytes } from 'node:crypto';
import { parseBody, sendJson, startFakeHttpServer } from './fake-http';

/**
 * A fake Twitch (id.twitch.tv OAuth + the Helix API on one server) for tests; use its `url` as both
 * TWITCH_AUTH_URL and TWITCH_API_URL.
 *
 *   POST /oauth2/token   client credentials: client_id, client_secret, grant_type=client_credentials in
 *                        the form body or the query → {access_token, expires_in, token_type:'bearer'};
 *                        unknown client → 400 {"status":400,"message":"invalid client"}; wrong secret →
 *                        403 {"status":403,"message":"invalid client secret"}
 *   GET  /helix/streams?user_login=…(up to 100)&first=…   `Client-Id` + `Authorization: Bearer <token>`
 *                        → {data:[stream…], pagination:{}} with only the live channels among the logins;
 *                        401 {"error":"Unauthorized","status":401,"message":"Invalid OAuth token"};
 *                        400 for more than 100 logins; every answer carries Ratelimit-Limit,
 *                        Ratelimit-Remaining and Ratelimit-Reset (epoch seconds); an empty bucket → 429.
 *
 *   const tw = await startFakeTwitch({ clientId: 'id', clientSecret: 'secret' });
 *   tw.goLive('somechannel', { title: 'Late night beats' }); tw.goOffline('somechannel');
 *   tw.streamCalls (the logins of each /helix/streams call); tw.tokensIssued(); tw.revokeTokens();
 *   tw.setBucket({ remaining: 0, resetInSeconds: 30 });  // the bucket is empty for 30 s (429s)
 *   await tw.close();
 */

export interface FakeTwitchOptions {
  clientId?: string;
  clientSecret?: string;
  /** expires_in of issued tokens (default about 60 days, as Twitch's app tokens). */
  tokenTtlSeconds?: number;
  /** Points per minute (default 800, Twitch's app-token bucket). */
  bucketSize?: number;
  /** Listen on this port (default: a free one). */
  port?: number;
}

interface LiveStream {
  id: string;
  userId: string;
  login: string;
  title: string;
  gameName: string;
  viewerCount: number;
  startedAt: string;
}

export type FakeTwitch = Awaited<ReturnType<typeof startFakeTwitch>>;

export async function startFakeTwitch(options: FakeTwitchOptions = {}) {
  const clientId = options.clientId ?? 'test-twitch-client';
  const clientSecret = options.clientSecret ?? 'test-twitch-secret';
  const ttl = options.tokenTtlSeconds ?? 5_011_271;
  const size = options.bucketSize ?? 800;
  const tokens = new Map<string, { expiresAt: number; revoked: boolean }>();
  const live = new Map<string, LiveStream>();
  const streamCalls: string[][] = [];
  const bucket = { remaining: size, resetAt: Math.ceil(Date.now() / 1000) + 60 };

  const helixError = (status: number, error: string, message: string) => ({ error, status, message });

  const refill = () => {
    const now = Date.now() / 1000;
    if (now >= bucket.resetAt) {
      bucket.remaining = size;
      bucket.resetAt = Math.ceil(now) + 60;
    }
  };
  const rateHeaders = () => ({
    'ratelimit-limit': String(size),
    'ratelimit-remaining': String(Math.max(0, bucket.remaining)),
    'ratelimit-reset': String(bucket.resetAt),
  });

  const streamJson = (s: LiveStream) => ({
    id: s.id,
    user_id: s.userId,
    user_login: s.login,
    user_name: s.login,
    game_id: '26936',
    game_name: s.gameName,
    type: 'live',
    title: s.title,
    tags: ['English'],
    viewer_count: s.viewerCount,
    started_at: s.startedAt,
    language: 'en',
    thumbnail_url: `https://static-cdn.jtvnw.net/previews-ttv/live_user_${s.login}-{width}x{height}.jpg`,
    tag_ids: [],
    is_mature: false,
  });

  const server = await startFakeHttpServer(
    (req, res) => {
      if (req.method === 'POST' && req.path === '/oauth2/token') {
        const form = { ...Object.fromEntries(req.query), ...parseBody(req) };
        if (form.client_id !== clientId)
          return sendJson(res, 400, { status: 400, message: 'invalid client' });
        if (form.client_secret !== clientSecret) {
          return sendJson(res, 403, { status: 403, message: 'invalid client secret' });
        }
        if (form.grant_type !== 'client_credentials') {
          return sendJson(res, 400, { status: 400, message: 'unsupported grant type' });
        }
        const token = randomBytes(15).toString('hex');
        tokens.set(token, { expiresAt: Date.now() + ttl * 1000, revoked: false });
        return sendJson(res, 200, { access_token: token, expires_in: ttl, token_type: 'bearer' });
      }
      if (req.path.startsWith('/helix/')) {
        const auth = String(req.headers.authorization ?? '');
        const token = auth.startsWith('Bearer ') ? tokens.get(auth.slice(7)) : undefined;
        if (!token || token.revoked || token.expiresAt < Date.now()) {
          return sendJson(res, 401, helixError(401, 'Unauthorized', 'Invalid OAuth token'));
        }
        if (req.headers['client-id'] !== clientId) {
          return sendJson(
            res,
            401,
            helixError(401, 'Unauthorized', 'Client ID and OAuth token do not match'),
          );
        }
        refill();
        if (bucket.remaining <= 0) {
          return sendJson(
            res,
            429,
            helixError(429, 'Too Many Requests', 'Rate limit exceeded'),
            rateHeaders(),
          );
        }
        bucket.remaining -= 1;
        if (req.method === 'GET' && req.path === '/helix/streams') {
          const logins = req.query.getAll('user_login').map((l) => l.toLowerCase());
          const first = Number(req.query.get('first') ?? '20');
          if (logins.length > 100) {
            return sendJson(
              res,
              400,
              helixError(
                400,
                'Bad Request',
                'The parameter "user_login" was malformed: the value must be less than or equal to 100',
              ),
              rateHeaders(),
            );
          }
          if (!Number.isInteger(first) || first < 1 || first > 100) {
            return sendJson(
              res,
              400,
              helixError(400, 'Bad Request', 'The parameter "first" was malformed'),
              rateHeaders(),
            );
          }
          streamCalls.push(logins);
          const found = [...live.values()].filter((s) => logins.length === 0 || logins.includes(s.login));
          return sendJson(
            res,
            200,
            { data: found.slice(0, first).map(streamJson), pagination: {} },
            rateHeaders(),
          );
        }
        return sendJson(res, 404, helixError(404, 'Not Found', 'Not Found'), rateHeaders());
      }
      sendJson(res, 404, { status: 404, message: 'Not Found' });
    },
    { port: options.port },
  );

  return {
    url: server.url,
    clientId,
    clientSecret,
    requests: server.requests,
    streamCalls,
    goLive(login: string, s: { title?: string; gameName?: string; viewerCount?: number } = {}) {
      const key = login.toLowerCase();
      live.set(key, {
        id: String(40_000_000_000 + live.size),
        userId: String(100_000_000 + live.size),
        login: key,
        title: s.title ?? 'Live on the community stream',
        gameName: s.gameName ?? 'Music',
        viewerCount: s.viewerCount ?? 42,
        startedAt: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      });
    },
    goOffline(login: string) {
      live.delete(login.toLowerCase());
    },
    tokensIssued: () => tokens.size,
    revokeTokens() {
      for (const t of tokens.values()) t.revoked = true;
    },
    /** Sets the rate-limit bucket: `remaining` points until `resetInSeconds` from now. */
    setBucket(b: { remaining: number; resetInSeconds: number }) {
      bucket.remaining = b.remaining;
      bucket.resetAt = Math.ceil(Date.now() / 1000) + b.resetInSeconds;
    },
    close: () => server.close(),
  };
}
