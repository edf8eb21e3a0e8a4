import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import {
  azuraError,
  azuraStatus,
  type FakeSong,
  type FakeStationState,
  type FakeStreamer,
  nowPlayingJson,
  streamerRecord,
} from './fake-azuracast-shapes';
import { parseBody, type RecordedRequest, sendJson, startFakeHttpServer } from './fake-http';

export type { FakeSong, FakeStreamer } from './fake-azuracast-shapes';

/**
 * A fake AzuraCast (≥ 0.20) for tests, speaking the real API's paths and shapes:
 *
 *   GET  /api/nowplaying/{station}                     public; station = id or shortcode
 *   GET  /api/live/nowplaying/sse?cf_connect={...}     Centrifugo-style SSE (connect message, then `pub`s)
 *   GET|POST /api/station/{station}/streamers          X-API-Key required (403 NotLoggedInException)
 *   GET|PUT|DELETE /api/station/{station}/streamer/{id}
 *   POST /api/station/{station}/backend/{skip|disconnect|restart|start|stop}
 *
 * Usage:
 *   const az = await startFakeAzuraCast({ apiKey: 'k', shortcode: 'onair' });
 *   az.setSong({ title: 'Song', artist: 'Band' });   // new track: played_at grows, old one goes to history
 *   az.goLive('DJ Anna');  az.endLive();  az.setListeners(12);  az.setOnline(false);
 *   az.publish();          // push the current now-playing to SSE clients (state changes do it already
 *                          // unless `autoPublish: false`)
 *   az.sseEnabled = false; // the SSE endpoint answers 404 (an AzuraCast without high-performance updates)
 *   az.dropSseClients();   // end every open SSE response
 *   az.failNext(503, 2);   // the next 2 requests answer 503 with AzuraCast's error JSON
 *   az.commandResults.skip = { success: false, message: 'Nothing to skip.' };
 *   az.count('GET', '/api/nowplaying/1'); az.requests; az.streamers; az.commands; az.sseClientCount
 *   await az.close();
 */

export interface FakeAzuraCastOptions {
  apiKey?: string;
  stationId?: number;
  shortcode?: string;
  stationName?: string;
  /** Station's HLS URL in now-playing (null: HLS off). */
  hlsUrl?: string | null;
  /** Push to SSE clients on every state change (default true). */
  autoPublish?: boolean;
  /** Send `{}` pings to SSE clients every pingMs (default: no pings). */
  pingMs?: number;
}

type Status = { success: boolean; message: string };
export type FakeAzuraCast = Awaited<ReturnType<typeof startFakeAzuraCast>>;

export async function startFakeAzuraCast(options: FakeAzuraCastOptions = {}) {
  const apiKey = options.apiKey ?? 'test-api-key';
  const stationId = options.stationId ?? 1;
  const shortcode = options.shortcode ?? 'onair_radio';
  const channel = `station:${shortcode}`;
  let nextShId = 1;
  let lastPlayedAt = 0;
  let offset = 0;
  let nextStreamerId = 1;
  let failures: { status: number; left: number } | null = null;
  const sseClients = new Set<http.ServerResponse>();

  const state: FakeStationState = {
    online: true,
    listeners: 0,
    live: { is_live: false, streamer_name: '', broadcast_start: null },
    current: null,
    history: [],
  };

  const stamp = () => {
    lastPlayedAt = Math.max(Math.floor(Date.now() / 1000), lastPlayedAt + 1);
    return lastPlayedAt;
  };
  const nowPlaying = () =>
    nowPlayingJson(state, {
      url: fake.url,
      stationId,
      shortcode,
      stationName: options.stationName ?? 'OnAir Test Radio',
      hlsUrl: options.hlsUrl ?? null,
    });

  const send = (res: http.ServerResponse, message: unknown) =>
    res.write(`data: ${JSON.stringify(message)}\n\n`);
  const publication = () => ({ data: { np: nowPlaying(), triggers: [], current_time: Date.now() / 1000 } });
  const changed = () => {
    offset += 1;
    if (options.autoPublish !== false) fake.publish();
  };
  const error = azuraError;
  const status = azuraStatus;
  const streamerJson = (s: FakeStreamer) =>
    streamerRecord(s, `${fake.url}/api/station/${stationId}/streamer/${s.id}`);

  function openSse(req: RecordedRequest, res: http.ServerResponse) {
    let subs: Record<string, unknown> = {};
    try {
      subs =
        (JSON.parse(req.query.get('cf_connect') ?? '{}') as { subs?: Record<string, unknown> }).subs ?? {};
    } catch {
      return sendJson(res, 400, error(400, 'BadRequest', 'Invalid cf_connect.'));
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const connectSubs =
      channel in subs
        ? {
            [channel]: {
              recoverable: true,
              epoch: 'fake',
              positioned: true,
              publications: [{ ...publication(), offset }],
            },
          }
        : {};
    send(res, {
      connect: { client: randomUUID(), version: '5.4.9', subs: connectSubs, ping: 25, pong: true },
    });
    if (!(channel in subs)) return;
    sseClients.add(res);
    res.on('close', () => sseClients.delete(res));
  }

  function handleStation(req: RecordedRequest, res: http.ServerResponse, rest: string[]) {
    if (req.headers['x-api-key'] !== apiKey) {
      return sendJson(
        res,
        403,
        error(403, 'NotLoggedInException', 'You must be logged in to access this page.'),
      );
    }
    const body = parseBody(req);
    const [kind, id] = rest;
    if (kind === 'streamers' && rest.length === 1 && req.method === 'GET') {
      return sendJson(res, 200, fake.streamers.map(streamerJson));
    }
    if (kind === 'streamers' && rest.length === 1 && req.method === 'POST') {
      const username = String(body.streamer_username ?? '').trim();
      if (!username)
        return sendJson(
          res,
          400,
          error(400, 'ValidationException', 'streamer_username: This value should not be blank.'),
        );
      if (fake.streamers.some((s) => s.streamer_username === username)) {
        return sendJson(
          res,
          400,
          error(400, 'ValidationException', 'streamer_username: This value is already used.'),
        );
      }
      const s: FakeStreamer = {
        id: nextStreamerId++,
        streamer_username: username,
        password: String(body.streamer_password ?? ''),
        display_name: String(body.display_name ?? ''),
        comments: (body.comments as string | null | undefined) ?? null,
        is_active: body.is_active === undefined ? true : Boolean(body.is_active),
      };
      fake.streamers.push(s);
      return sendJson(res, 200, streamerJson(s));
    }
    if (kind === 'streamer' && rest.length === 2) {
      const s = fake.streamers.find((x) => String(x.id) === id);
      if (!s) return sendJson(res, 404, error(404, 'NotFoundException', 'Record not found'));
      if (req.method === 'GET') return sendJson(res, 200, streamerJson(s));
      if (req.method === 'DELETE') {
        fake.streamers.splice(fake.streamers.indexOf(s), 1);
        return sendJson(res, 200, status('Record deleted.'));
      }
      if (req.method === 'PUT') {
        if (typeof body.streamer_password === 'string' && body.streamer_password.trim())
          s.password = body.streamer_password;
        if ('display_name' in body) s.display_name = String(body.display_name ?? '');
        if ('comments' in body) s.comments = (body.comments as string | null) ?? null;
        if ('is_active' in body) s.is_active = Boolean(body.is_active);
        return sendJson(res, 200, status('Record updated.'));
      }
    }
    if (kind === 'backend' && rest.length === 2 && req.method === 'POST') {
      const messages: Record<string, string> = {
        skip: 'Song skipped.',
        disconnect: 'Streamer disconnected.',
        restart: 'Backend restarted.',
        start: 'Backend started.',
        stop: 'Backend stopped.',
      };
      if (!(id in messages)) return sendJson(res, 404, error(404, 'NotFoundException', 'Page not found.'));
      fake.commands.push(id);
      const result = fake.commandResults[id] ?? { success: true, message: messages[id] };
      if (result.success && id === 'disconnect' && state.live.is_live) fake.endLive();
      return sendJson(res, 200, { ...result, formatted_message: result.message });
    }
    sendJson(res, 404, error(404, 'NotFoundException', 'Page not found.'));
  }

  const server = await startFakeHttpServer((req, res) => {
    if (failures && failures.left > 0) {
      failures.left -= 1;
      return sendJson(res, failures.status, error(failures.status, 'Exception', 'Simulated failure.'));
    }
    const parts = req.path.split('/').filter(Boolean).map(decodeURIComponent);
    const isStation = (s: string | undefined) => s === String(stationId) || s === shortcode;
    if (req.method === 'GET' && req.path === '/api/live/nowplaying/sse') {
      if (!fake.sseEnabled) return sendJson(res, 404, error(404, 'NotFoundException', 'Page not found.'));
      return openSse(req, res);
    }
    if (req.method === 'GET' && parts[0] === 'api' && parts[1] === 'nowplaying' && parts.length === 3) {
      if (!isStation(parts[2]))
        return sendJson(res, 404, error(404, 'NotFoundException', 'Station not found.'));
      return sendJson(res, 200, nowPlaying());
    }
    if (parts[0] === 'api' && parts[1] === 'station' && isStation(parts[2])) {
      return handleStation(req, res, parts.slice(3));
    }
    sendJson(res, 404, error(404, 'NotFoundException', 'Page not found.'));
  });

  const pinger = options.pingMs ? setInterval(() => fake.ping(), options.pingMs) : null;

  const fake = {
    url: server.url,
    apiKey,
    stationId,
    shortcode,
    requests: server.requests,
    streamers: [] as FakeStreamer[],
    /** Backend actions received, in order ('skip', 'disconnect', …). */
    commands: [] as string[],
    /** Override the answer to a backend action, e.g. `{ skip: { success: false, message: '…' } }`. */
    commandResults: {} as Record<string, Status>,
    sseEnabled: true,
    get sseClientCount() {
      return sseClients.size;
    },
    /** The current now-playing response body. */
    nowPlaying,
    /** Starts a new track (played_at strictly grows); the previous one moves to song_history (newest first). */
    setSong(song: FakeSong) {
      if (state.current) state.history = [state.current, ...state.history].slice(0, 5);
      state.current = { sh_id: nextShId++, played_at: stamp(), song, streamer: state.live.streamer_name };
      changed();
    },
    goLive(streamerName: string, song: FakeSong = { title: 'Live Broadcast', artist: streamerName }) {
      state.live = {
        is_live: true,
        streamer_name: streamerName,
        broadcast_start: Math.floor(Date.now() / 1000),
      };
      fake.setSong(song);
    },
    endLive(song?: FakeSong) {
      state.live = { is_live: false, streamer_name: '', broadcast_start: null };
      if (song) fake.setSong(song);
      else changed();
    },
    setListeners(total: number) {
      state.listeners = total;
      changed();
    },
    setOnline(online: boolean) {
      state.online = online;
      changed();
    },
    /** Pushes the current now-playing to every SSE client as a Centrifugo publication. */
    publish() {
      for (const res of sseClients) send(res, { channel, pub: { ...publication(), offset } });
    },
    /** Sends a Centrifugo ping (`{}`) to every SSE client. */
    ping() {
      for (const res of sseClients) send(res, {});
    },
    dropSseClients() {
      for (const res of sseClients) res.end();
      sseClients.clear();
    },
    failNext(status: number, count = 1) {
      failures = { status, left: count };
    },
    /** Requests matching the method and the exact path (query string excluded). */
    count(method: string, path: string) {
      return server.requests.filter((r) => r.method === method && r.path === path).length;
    },
    async close() {
      if (pinger) clearInterval(pinger);
      fake.dropSseClients();
      await server.close();
    },
  };
  return fake;
}
