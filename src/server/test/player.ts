import http from 'node:http';

/** A player on a stream URL: what it has heard so far, and whether the response has ended. */
export interface Player {
  readonly res: http.IncomingMessage | null;
  readonly size: number;
  readonly ended: boolean;
  body(): Buffer;
  stop(): void;
}

/** Opens `url` as a player does (VLC's User-Agent unless given) and keeps everything it hears. */
export function playStream(url: string, headers: Record<string, string> = {}): Player {
  const chunks: Buffer[] = [];
  let size = 0;
  let ended = false;
  let res: http.IncomingMessage | null = null;
  const req = http.get(url, { headers: { 'user-agent': 'VLC/3.0.18', ...headers } }, (r) => {
    res = r;
    r.on('data', (c: Buffer) => {
      chunks.push(c);
      size += c.length;
    });
    r.on('close', () => {
      ended = true;
    });
  });
  req.on('error', () => {
    ended = true;
  });
  return {
    get res() {
      return res;
    },
    get size() {
      return size;
    },
    get ended() {
      return ended;
    },
    body: () => Buffer.concat(chunks),
    stop: () => req.destroy(),
  };
}
