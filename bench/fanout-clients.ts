/**
 * Child process for the fan-out benches: opens N event streams (optionally as a signed-in member) and
 * reports, for each received event of the given type, the delay between the send time carried in the
 * payload (`sentAt`, or a chat message's content 'sent:<ms>') and receipt.
 *   fanout-clients.ts <url> <count> [event=bench.ping] [cookie]
 */
import http from 'node:http';

const [url, countArg, eventArg, cookieArg] = process.argv.slice(2);
const eventName = eventArg ?? 'bench.ping';
const cookie = cookieArg ?? '';
const count = Number(countArg);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
let open = 0;
const delays: number[] = [];

const readyWaiters: (() => void)[] = [];
function connect() {
  const req = http.get(
    `${url}/api/events`,
    { agent, headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) } },
    (res) => {
      res.setEncoding('utf8');
      let buf = '';
      let counted = false;
      res.on('data', (chunk: string) => {
        buf += chunk;
        if (!counted && buf.includes('event: ready')) {
          counted = true;
          open += 1;
          for (const w of readyWaiters.splice(0)) w();
          if (open === count) process.send?.({ type: 'open', open });
        }
        let idx = buf.indexOf('\n\n');
        while (idx >= 0) {
          const block = buf.slice(0, idx);
          buf = buf.slice(idx + 2);
          idx = buf.indexOf('\n\n');
          if (block.includes(`event: ${eventName}`)) {
            const data = JSON.parse(
              block
                .split('\n')
                .find((l) => l.startsWith('data: '))!
                .slice(6),
            );
            const sentAt =
              typeof data.sentAt === 'number' ? data.sentAt : Number(String(data.content).split(':')[1]);
            delays.push(Date.now() - sentAt);
            if (delays.length === count) process.send?.({ type: 'delays', delays: delays.splice(0) });
          }
        }
      });
    },
  );
  req.on('error', (err) => process.send?.({ type: 'error', message: err.message }));
}

// Ramp up in batches so the listen backlog never overflows.
const BATCH = 250;
for (let i = 0; i < count; i += BATCH) {
  const target = Math.min(count, i + BATCH);
  for (let j = i; j < target; j++) connect();
  while (open < target) await new Promise<void>((r) => readyWaiters.push(r));
}
process.on('message', (m: { type: string }) => {
  if (m.type === 'exit') process.exit(0);
});
