import { sendJson, startFakeHttpServer } from './fake-http';

/**
 * A fake Icecast 2.4 answering `GET /status-json.xsl` with the real shape:
 * `{"icestats":{admin, host, location, server_id, server_start, server_start_iso8601, source}}` where
 * `source` is absent with no mount, an object with one, and an array with several.
 *
 *   const ice = await startFakeIcecast();
 *   ice.addSource({ mount: '/radio.mp3', title: 'Band - Song', listeners: 3 });
 *   ice.updateSource('/radio.mp3', { title: 'Other - Track', listeners: 5 });
 *   ice.removeSource('/radio.mp3');
 *   ice.failWith(500);        // status-json.xsl answers 500 until failWith(null)
 *   ice.statusRequests();     // how many times status-json.xsl was read
 *   await ice.close();
 */

export interface FakeIcecastSource {
  mount: string;
  /** Icecast's combined "Artist - Title" metadata; omitted from the JSON when undefined. */
  title?: string;
  /** Some streams (Ogg/Vorbis with separate tags) also carry an artist field. */
  artist?: string;
  listeners?: number;
  listenerPeak?: number;
  serverName?: string;
  serverDescription?: string;
  genre?: string;
  bitrate?: number;
}

export type FakeIcecast = Awaited<ReturnType<typeof startFakeIcecast>>;

export async function startFakeIcecast(options: { host?: string } = {}) {
  const sources: FakeIcecastSource[] = [];
  let failure: number | null = null;
  const started = new Date();

  const sourceJson = (s: FakeIcecastSource) => ({
    audio_info: `channels=2;samplerate=44100;bitrate=${s.bitrate ?? 128}`,
    bitrate: s.bitrate ?? 128,
    channels: 2,
    genre: s.genre ?? 'Various',
    listener_peak: s.listenerPeak ?? s.listeners ?? 0,
    listeners: s.listeners ?? 0,
    listenurl: `${server.url}${s.mount}`,
    samplerate: 44100,
    server_description: s.serverDescription ?? 'Unspecified description',
    server_name: s.serverName ?? 'OnAir Test Stream',
    server_type: 'audio/mpeg',
    server_url: 'http://localhost/',
    stream_start: started.toUTCString(),
    stream_start_iso8601: started.toISOString(),
    ...(s.artist === undefined ? {} : { artist: s.artist }),
    ...(s.title === undefined ? {} : { title: s.title }),
    dummy: null,
  });

  const server = await startFakeHttpServer((req, res) => {
    if (req.method !== 'GET' || req.path !== '/status-json.xsl') {
      res.writeHead(404, { 'content-type': 'text/html' });
      return res.end('<html><body><b>404 - The file you requested could not be found</b></body></html>');
    }
    if (failure) {
      res.writeHead(failure, { 'content-type': 'text/html' });
      return res.end('<html><body>Internal Server Error</body></html>');
    }
    const icestats: Record<string, unknown> = {
      admin: 'icemaster@localhost',
      host: options.host ?? 'localhost',
      location: 'Earth',
      server_id: 'Icecast 2.4.4',
      server_start: started.toUTCString(),
      server_start_iso8601: started.toISOString(),
    };
    if (sources.length === 1) icestats.source = sourceJson(sources[0]);
    else if (sources.length > 1) icestats.source = sources.map(sourceJson);
    sendJson(res, 200, { icestats });
  });

  const find = (mount: string) => {
    const s = sources.find((x) => x.mount === mount);
    if (!s) throw new Error(`fake icecast: no source ${mount}`);
    return s;
  };

  return {
    url: server.url,
    requests: server.requests,
    sources,
    addSource(source: FakeIcecastSource) {
      sources.push({ ...source });
    },
    updateSource(mount: string, patch: Partial<FakeIcecastSource>) {
      Object.assign(find(mount), patch);
    },
    removeSource(mount: string) {
      sources.splice(sources.indexOf(find(mount)), 1);
    },
    /** Answer status-json.xsl with this HTTP status (null: back to normal). */
    failWith(status: number | null) {
      failure = status;
    },
    statusRequests() {
      return server.requests.filter((r) => r.path === '/status-json.xsl').length;
    },
    close: () => server.close(),
  };
}
