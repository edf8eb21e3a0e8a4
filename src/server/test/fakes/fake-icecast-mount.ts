import type http from 'node:http';
import { type FakeHttpServer, startFakeHttpServer } from './fake-http';

/**
 * A fake Icecast 2.4 with mounts as a listener sees them: `GET <mount>` answers 200 with Icecast's headers
 * (`Content-Type: audio/mpeg`, `icy-br`, `icy-name`, `icy-pub`, `Cache-Control: no-cache, no-store`…)
 * and an endless body; with `Icy-MetaData: 1` also `icy-metaint` and, after every `metaint` audio bytes,
 * a length byte and a `StreamTitle='…';` block padded with NULs (the title on the first block and when
 * it changes, a zero byte otherwise), as Icecast sends them. The "audio" is `marker` repeated, so a test
 * can tell whose bytes a listener got and that none were lost or mixed with a block.
 *
 *   const mount = await startFakeIcecastMount({ mounts: ['/radio.mp3'], marker: 'ONE|', metaint: 1000 });
 *   mount.setTitle('Band - Song');
 *   mount.listeners();   // the requests of the listeners connected now (their headers)
 *   mount.dropListeners(); // ends every listener's connection (the engine stopped)
 *   await mount.close();
 */
export interface FakeIcecastMountOptions {
  /** The mounts it serves (all the same body). */
  mounts: string[];
  marker: string;
  metaint?: number;
  title?: string;
  /** Listen on this port (the ICECAST_PORT an app relays from). */
  port?: number;
  /** Bytes sent every 10 ms. */
  chunk?: number;
}

export type FakeIcecastMount = Awaited<ReturnType<typeof startFakeIcecastMount>>;

export async function startFakeIcecastMount(opts: FakeIcecastMountOptions) {
  const metaint = opts.metaint ?? 16_000;
  const marker = Buffer.from(opts.marker);
  let title = opts.title ?? 'Fake Artist - Fake Song';
  const open = new Set<{ res: http.ServerResponse; headers: http.IncomingHttpHeaders; mount: string }>();

  const server: FakeHttpServer = await startFakeHttpServer(
    (req, res) => {
      if (req.method !== 'GET' || !opts.mounts.includes(req.path)) {
        res.writeHead(404, { 'content-type': 'text/html' });
        return res.end('<html><body><b>404 - The file you requested could not be found</b></body></html>');
      }
      const icy = req.headers['icy-metadata'] === '1';
      res.writeHead(200, {
        'content-type': 'audio/mpeg',
        'cache-control': 'no-cache, no-store',
        expires: 'Mon, 26 Jul 1997 05:00:00 GMT',
        pragma: 'no-cache',
        'icy-br': '128',
        'icy-name': 'OnAir Test Stream',
        'icy-description': 'Unspecified description',
        'icy-genre': 'Various',
        'icy-pub': '0',
        server: 'Icecast 2.4.4',
        ...(icy ? { 'icy-metaint': String(metaint) } : {}),
      });
      const listener = { res, headers: req.headers, mount: req.path };
      open.add(listener);
      let at = 0;
      let untilBlock = metaint;
      let sent: string | null = null;
      const tick = setInterval(() => {
        const parts: Buffer[] = [];
        let left = opts.chunk ?? 2_048;
        while (left > 0) {
          const n = icy ? Math.min(left, untilBlock) : left;
          const audio = Buffer.alloc(n);
          for (let i = 0; i < n; i++) audio[i] = marker[(at + i) % marker.length]!;
          parts.push(audio);
          at += n;
          left -= n;
          if (!icy) continue;
          untilBlock -= n;
          if (untilBlock === 0) {
            untilBlock = metaint;
            if (sent === title) parts.push(Buffer.from([0]));
            else {
              sent = title;
              const text = Buffer.from(`StreamTitle='${title}';`);
              const units = Math.ceil(text.length / 16);
              const block = Buffer.alloc(1 + units * 16);
              block[0] = units;
              text.copy(block, 1);
              parts.push(block);
            }
          }
        }
        res.write(Buffer.concat(parts));
      }, 10);
      res.on('close', () => {
        clearInterval(tick);
        open.delete(listener);
      });
    },
    { port: opts.port },
  );

  return {
    /** The first mount's URL. */
    url: `${server.url}${opts.mounts[0]}`,
    setTitle(t: string) {
      title = t;
    },
    /** The requests of the listeners connected now (to `mount`, or to any). */
    listeners: (mount?: string) => [...open].filter((l) => !mount || l.mount === mount).map((l) => l.headers),
    /** Ends every listener's connection, as Icecast does when its source goes. */
    dropListeners() {
      for (const l of open) l.res.destroy();
    },
    close: () => server.close(),
  };
}
