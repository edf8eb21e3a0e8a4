import http from 'node:http';

export interface SseEvent {
  id?: string;
  event: string;
  data: unknown;
}

/** A minimal Server-Sent Events reader for tests, over a real HTTP connection. */
export function openStream(baseUrl: string, opts: { cookie?: string; lastEventId?: string } = {}) {
  const events: SseEvent[] = [];
  const waiters: { match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
  let buffer = '';
  let req: http.ClientRequest;
  let markEnded: () => void = () => {};
  /** Settles when the server ends the stream. */
  const ended = new Promise<void>((resolve) => {
    markEnded = resolve;
  });
  const opened = new Promise<void>((resolve, reject) => {
    req = http.get(
      `${baseUrl}/api/events`,
      {
        headers: {
          accept: 'text/event-stream',
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...(opts.lastEventId ? { 'last-event-id': opts.lastEventId } : {}),
        },
      },
      (res) => {
        res.on('end', () => markEnded());
        res.on('close', () => markEnded());
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let idx = buffer.indexOf('\n\n');
          while (idx >= 0) {
            const block = buffer.slice(0, idx);
            buffer = buffer.slice(idx + 2);
            idx = buffer.indexOf('\n\n');
            const e: SseEvent = { event: 'message', data: null };
            let hasData = false;
            for (const line of block.split('\n')) {
              if (line.startsWith('id: ')) e.id = line.slice(4);
              else if (line.startsWith('event: ')) e.event = line.slice(7);
              else if (line.startsWith('data: ')) {
                e.data = JSON.parse(line.slice(6));
                hasData = true;
              }
            }
            if (!hasData) continue;
            events.push(e);
            if (e.event === 'ready' || e.event === 'resync') resolve();
            for (const w of [...waiters]) {
              if (w.match(e)) {
                waiters.splice(waiters.indexOf(w), 1);
                w.resolve(e);
              }
            }
          }
        });
        // A resumed stream sends no 'ready': consider it open once headers arrive.
        if (opts.lastEventId) setTimeout(resolve, 200);
      },
    );
    req.on('error', reject);
  });
  return {
    events,
    opened,
    ended,
    waitFor(event: string, timeoutMs = 5000, match: (e: SseEvent) => boolean = () => true) {
      const found = events.find((e) => e.event === event && match(e));
      if (found) return Promise.resolve(found);
      return new Promise<SseEvent>((resolve, reject) => {
        const t = setTimeout(
          () => reject(new Error(`no '${event}' event within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          match: (e) => e.event === event && match(e),
          resolve: (e) => {
            clearTimeout(t);
            resolve(e);
          },
        });
      });
    },
    close() {
      req.destroy();
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
