import https from 'node:https';

/** An HTTPS client for tests through a local proxy: its certificate is a local CA's or self-signed. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function httpsRequest(
  origin: string,
  method: string,
  pathname: string,
  opts: { body?: unknown; headers?: Record<string, string>; localAddress?: string } = {},
): Promise<Answer> {
  const u = new URL(pathname, origin);
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        servername: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method,
        rejectUnauthorized: false,
        localAddress: opts.localAddress,
        agent: false,
        headers: {
          host: u.host,
          origin,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** An open response whose body is read as it arrives (an event stream, the audio stream). */
export function httpsOpen(origin: string, pathname: string, headers: Record<string, string> = {}) {
  const u = new URL(pathname, origin);
  let req!: ReturnType<typeof https.get>;
  const response = new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
    req = https.get(
      {
        host: '127.0.0.1',
        servername: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        rejectUnauthorized: false,
        agent: false,
        headers: { host: u.host, ...headers },
      },
      resolve,
    );
    req.on('error', reject);
  });
  return { response, close: () => req.destroy() };
}

/** Server-Sent Events through a proxy, each stamped with the time it arrived. */
export function openEventStream(origin: string, cookie?: string) {
  const arrived: { event: string; data: unknown; at: number }[] = [];
  const { response, close } = httpsOpen(origin, '/api/events', {
    accept: 'text/event-stream',
    ...(cookie ? { cookie } : {}),
  });
  let buffer = '';
  const ready = response.then(
    (res) =>
      new Promise<typeof res>((resolve) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, i);
            buffer = buffer.slice(i + 2);
            let event = 'message';
            let data: unknown = null;
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data = JSON.parse(line.slice(6));
            }
            if (data === null) continue;
            arrived.push({ event, data, at: performance.now() });
            if (event === 'ready') resolve(res);
          }
        });
      }),
  );
  return {
    ready,
    arrived,
    async waitFor(event: string, match: (data: unknown) => boolean, timeoutMs = 5000) {
      const until = performance.now() + timeoutMs;
      for (;;) {
        const hit = arrived.find((e) => e.event === event && match(e.data));
        if (hit) return hit;
        if (performance.now() > until) throw new Error(`no '${event}' within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 5));
      }
    },
    close,
  };
}
