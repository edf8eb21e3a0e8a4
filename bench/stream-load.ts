/**
 * Load process for bench/stream-outputs.ts (a separate process from the app and the engine).
 *   mp3: `node --import tsx bench/stream-load.ts mp3 <url> <listeners> <seconds>`: opens that many MP3
 *        listeners at once and prints, as JSON, the kbps each received over the measured window (after a
 *        5 s warm-up, so Icecast's burst on connect does not count).
 *   hls: `node --import tsx bench/stream-load.ts hls <base> <playlistPath> <clients> <seconds>`: autocannon,
 *        each client fetching the playlist then its newest segment in turn; prints autocannon's figures.
 */
import http from 'node:http';
import autocannon from 'autocannon';

const [mode, ...args] = process.argv.slice(2);

if (mode === 'mp3') {
  const [url, n, s] = args as [string, string, string];
  const listeners = Number(n);
  const seconds = Number(s);
  const WARMUP_MS = 5000;
  const counts = Array.from({ length: listeners }, () => ({ warm: 0, measured: 0, status: 0, error: '' }));
  const start = Date.now();
  const reqs = counts.map((c) => {
    const req = http.get(url, { agent: false, headers: { 'user-agent': 'OnAirBench/1.0' } }, (res) => {
      c.status = res.statusCode ?? 0;
      res.on('data', (chunk: Buffer) => {
        const t = Date.now() - start;
        if (t < WARMUP_MS) c.warm += chunk.length;
        else if (t < WARMUP_MS + seconds * 1000) c.measured += chunk.length;
      });
      res.on('error', (e) => (c.error ||= e.message));
      res.on('end', () => (c.error ||= 'ended'));
    });
    req.on('error', (e) => (c.error ||= e.message));
    return req;
  });
  await new Promise((r) => setTimeout(r, WARMUP_MS + seconds * 1000 + 200));
  for (const r of reqs) r.destroy();
  const kbps = counts.map((c) => (c.measured * 8) / 1000 / seconds).sort((a, b) => a - b);
  const at = (q: number) => kbps[Math.min(kbps.length - 1, Math.floor(q * kbps.length))]!;
  console.log(
    JSON.stringify({
      listeners,
      seconds,
      ok: counts.filter((c) => c.status === 200).length,
      errors: counts.filter((c) => c.error && c.error !== 'ended').length,
      ended: counts.filter((c) => c.error === 'ended').length,
      statuses: counts.reduce<Record<string, number>>((m, c) => {
        m[c.status] = (m[c.status] ?? 0) + 1;
        return m;
      }, {}),
      kbps: { min: at(0), p1: at(0.01), p5: at(0.05), median: at(0.5), max: kbps.at(-1) },
      kbpsList: kbps,
    }),
  );
} else if (mode === 'hls') {
  const [base, playlist, n, s] = args as [string, string, string, string];
  // Each client reads the playlist, then fetches the newest segment that playlist lists, as a player does.
  const dir = playlist.slice(0, playlist.lastIndexOf('/') + 1);
  const newestOf = (list: string) => [...list.matchAll(/^([\w-]+_\d+\.ts)$/gm)].at(-1)?.[1];
  const first = newestOf(await (await fetch(`${base}${playlist}`)).text());
  if (!first) throw new Error(`no segment in ${base}${playlist}`);
  const segments = new Set<string>();
  const r = await autocannon({
    url: base,
    connections: Number(n),
    duration: Number(s),
    requests: [
      {
        path: playlist,
        onResponse: (status, body, context) => {
          const seg = status === 200 ? newestOf(body) : undefined;
          if (seg) context.segment = seg;
        },
      },
      {
        setupRequest: (req, context) => {
          const seg = (context.segment as string | undefined) ?? first;
          segments.add(seg);
          return { ...req, path: `${dir}${seg}` };
        },
      },
    ],
  });
  const segment = [...segments].join(' ');
  console.log(
    JSON.stringify({
      segment,
      requestsPerSecond: r.requests.average,
      total: r.requests.total,
      p99: r.latency.p99,
      errors: r.errors,
      non2xx: r.non2xx,
      timeouts: r.timeouts,
    }),
  );
} else {
  console.error('usage: stream-load.ts mp3|hls ...');
  process.exit(2);
}
