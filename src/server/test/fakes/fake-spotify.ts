import { randomBytes } from 'node:crypto';
import { parseBody, sendJson, startFakeHttpServer } from './fake-http';

/**
 * A fake Spotify (accounts + Web API on one server) for tests; use its `url` as both SPOTIFY_ACCOUNTS_URL
 * and SPOTIFY_API_URL.
 *
 *   POST /api/token   client credentials: `Authorization: Basic base64(id:secret)` (or client_id and
 *                     client_secret in the form), form `grant_type=client_credentials`
 *                     → {access_token, token_type:'Bearer', expires_in}; bad credentials → 400
 *                     {"error":"invalid_client","error_description":"Invalid client"}
 *   GET  /v1/search?q=…&type=track&limit=…   `Authorization: Bearer <token>` (401 otherwise); q supports
 *                     `track:`, `artist:`, `album:` filters and free words (case-insensitive substrings)
 *
 *   const sp = await startFakeSpotify({ clientId: 'id', clientSecret: 'secret' });
 *   sp.addTrack({ title: 'Song', artists: ['A', 'B'], album: 'LP', images: [{ url, height: 640, width: 640 }] });
 *   sp.tokensIssued(); sp.searches (parsed q/type/limit of each search); sp.requests
 *   sp.revokeTokens();        // every issued token now answers 401 "The access token expired"
 *   sp.rateLimit(2, 1);       // the next search answers 429 with Retry-After: 2
 *   await sp.close();
 */

export interface FakeSpotifyImage {
  url: string;
  height: number | null;
  width: number | null;
}

export interface FakeSpotifyTrack {
  id?: string;
  title: string;
  artists: string[];
  album: string;
  images?: FakeSpotifyImage[];
  durationMs?: number;
}

export interface FakeSpotifyOptions {
  clientId?: string;
  clientSecret?: string;
  /** expires_in of issued tokens (default 3600). */
  tokenTtlSeconds?: number;
}

export type FakeSpotify = Awaited<ReturnType<typeof startFakeSpotify>>;

export async function startFakeSpotify(options: FakeSpotifyOptions = {}) {
  const clientId = options.clientId ?? 'test-client-id';
  const clientSecret = options.clientSecret ?? 'test-client-secret';
  const ttl = options.tokenTtlSeconds ?? 3600;
  const tokens = new Map<string, { expiresAt: number; revoked: boolean }>();
  const tracks: Required<FakeSpotifyTrack>[] = [];
  const searches: { q: string; type: string; limit: number }[] = [];
  let rateLimited = { retryAfter: 0, left: 0 };

  const apiError = (status: number, message: string) => ({ error: { status, message } });
  const tokenError = { error: 'invalid_client', error_description: 'Invalid client' };

  const matches = (t: Required<FakeSpotifyTrack>, q: string) => {
    const lower = (s: string) => s.toLowerCase();
    const fields = { track: t.title, artist: t.artists.join(' '), album: t.album };
    const parts = q.split(/\b(track|artist|album):/i);
    const free = parts[0].trim();
    for (let i = 1; i < parts.length; i += 2) {
      const value = lower(parts[i + 1].trim());
      const field = fields[lower(parts[i]) as keyof typeof fields];
      if (value && !lower(field).includes(value)) return false;
    }
    const all = lower(Object.values(fields).join(' '));
    return free.split(/\s+/).every((word) => !word || all.includes(lower(word)));
  };

  const trackJson = (t: Required<FakeSpotifyTrack>) => {
    const artists = t.artists.map((name, i) => ({
      external_urls: { spotify: `https://open.spotify.com/artist/${t.id}a${i}` },
      href: `${server.url}/v1/artists/${t.id}a${i}`,
      id: `${t.id}a${i}`,
      name,
      type: 'artist',
      uri: `spotify:artist:${t.id}a${i}`,
    }));
    return {
      album: {
        album_type: 'album',
        artists,
        external_urls: { spotify: `https://open.spotify.com/album/${t.id}al` },
        href: `${server.url}/v1/albums/${t.id}al`,
        id: `${t.id}al`,
        images: t.images,
        name: t.album,
        release_date: '2020-01-01',
        release_date_precision: 'day',
        total_tracks: 10,
        type: 'album',
        uri: `spotify:album:${t.id}al`,
      },
      artists,
      disc_number: 1,
      duration_ms: t.durationMs,
      explicit: false,
      external_ids: { isrc: 'GBAAA2000001' },
      external_urls: { spotify: `https://open.spotify.com/track/${t.id}` },
      href: `${server.url}/v1/tracks/${t.id}`,
      id: t.id,
      is_local: false,
      name: t.title,
      popularity: 50,
      preview_url: null,
      track_number: 1,
      type: 'track',
      uri: `spotify:track:${t.id}`,
    };
  };

  const server = await startFakeHttpServer((req, res) => {
    if (req.method === 'POST' && req.path === '/api/token') {
      const form = parseBody(req);
      let id = String(form.client_id ?? '');
      let secret = String(form.client_secret ?? '');
      const auth = String(req.headers.authorization ?? '');
      if (auth.startsWith('Basic ')) {
        const decoded = Buffer.from(auth.slice(6), 'base64').toString('utf8');
        [id, secret] = [decoded.slice(0, decoded.indexOf(':')), decoded.slice(decoded.indexOf(':') + 1)];
      }
      if (id !== clientId || secret !== clientSecret) return sendJson(res, 400, tokenError);
      if (!form.grant_type) {
        return sendJson(res, 400, {
          error: 'unsupported_grant_type',
          error_description: 'grant_type parameter is missing',
        });
      }
      if (form.grant_type !== 'client_credentials') {
        return sendJson(res, 400, {
          error: 'unsupported_grant_type',
          error_description: 'grant_type must be client_credentials, authorization_code or refresh_token',
        });
      }
      const token = randomBytes(24).toString('base64url');
      tokens.set(token, { expiresAt: Date.now() + ttl * 1000, revoked: false });
      return sendJson(res, 200, { access_token: token, token_type: 'Bearer', expires_in: ttl });
    }
    if (req.path.startsWith('/v1/')) {
      const auth = String(req.headers.authorization ?? '');
      if (!auth.startsWith('Bearer ')) return sendJson(res, 401, apiError(401, 'No token provided'));
      const token = tokens.get(auth.slice(7));
      if (!token) return sendJson(res, 401, apiError(401, 'Invalid access token'));
      if (token.revoked || token.expiresAt < Date.now()) {
        return sendJson(res, 401, apiError(401, 'The access token expired'));
      }
      if (rateLimited.left > 0) {
        rateLimited.left -= 1;
        return sendJson(res, 429, apiError(429, 'API rate limit exceeded'), {
          'retry-after': String(rateLimited.retryAfter),
        });
      }
      if (req.method === 'GET' && req.path === '/v1/search') {
        const q = req.query.get('q') ?? '';
        const type = req.query.get('type') ?? '';
        const limit = Number(req.query.get('limit') ?? '20');
        const offset = Number(req.query.get('offset') ?? '0');
        if (!q) return sendJson(res, 400, apiError(400, 'No search query'));
        if (!type) return sendJson(res, 400, apiError(400, 'Missing parameter type'));
        if (!Number.isInteger(limit) || limit < 0 || limit > 50)
          return sendJson(res, 400, apiError(400, 'Invalid limit'));
        searches.push({ q, type, limit });
        const found = type.split(',').includes('track') ? tracks.filter((t) => matches(t, q)) : [];
        const href = `${server.url}/v1/search?${req.query.toString()}`;
        return sendJson(res, 200, {
          tracks: {
            href,
            items: found.slice(offset, offset + limit).map(trackJson),
            limit,
            next: offset + limit < found.length ? href : null,
            offset,
            previous: null,
            total: found.length,
          },
        });
      }
      return sendJson(res, 404, apiError(404, 'Service not found'));
    }
    sendJson(res, 404, apiError(404, 'Not found'));
  });

  return {
    url: server.url,
    clientId,
    clientSecret,
    requests: server.requests,
    tracks,
    searches,
    addTrack(track: FakeSpotifyTrack) {
      tracks.push({
        ...track,
        id: track.id ?? randomBytes(11).toString('base64url'),
        images: track.images ?? [],
        durationMs: track.durationMs ?? 200_000,
      });
    },
    tokensIssued: () => tokens.size,
    revokeTokens() {
      for (const t of tokens.values()) t.revoked = true;
    },
    /** The next `times` API calls answer 429 with `Retry-After: retryAfterSeconds`. */
    rateLimit(retryAfterSeconds: number, times = 1) {
      rateLimited = { retryAfter: retryAfterSeconds, left: times };
    },
    close: () => server.close(),
  };
}
