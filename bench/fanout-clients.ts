/**
 * Child process for the fan-out bench: opens N event streams and reports, for each received
 * 'bench.ping' event, the delay between the server's send time (in the payload) and receipt.
 */
import http from 'node:http';

const [url, countArg] = process.argv.slice(2);
const count = Number(countArg);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
let open = 0;
const delays: number[] = [];

const readyWaiters: (() => void)[] = [];
function connect() {
  const req = http.get(`${url}/api/events`, { agent, headers: { accept: 'text/event-stream' } }, (res) => {
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
        if (block.includes('event: bench.ping')) {
          const data = JSON.parse(
            block
              .split('\n')
              .find((l) => l.startsWith('data: '))!
              .slice(6),
          );
          delays.push(Date.now() - data.sentAt);
          if (delays.length === count) process.send?.({ type: 'delays', delays: delays.splice(0) });
        }
      }
    });
  });
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
