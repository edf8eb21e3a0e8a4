/**
 * 20 uploads of 50 MB at once: the app's resident memory before and at its peak. Each file is
 * a distinct WAV (about 5 minutes of audio) streamed from disk by the client, so only the server's
 * memory moves; each is received, hashed, decoded to its end and measured (EBU R128) before it answers.
 *   node --expose-gc --import tsx bench/media-uploads.ts [uploads=20] [mb=50]
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { signUpMember } from '../src/server/test/test-app';
import { startBenchApp } from './support';

const uploads = Number(process.argv[2] ?? 20);
const sizeMb = Number(process.argv[3] ?? 50);
const dir = mkdtempSync(path.join(os.tmpdir(), 'onair-bench-audio-'));
// 16-bit stereo at 44.1 kHz: 176,400 bytes a second.
const seconds = Math.ceil((sizeMb * 1024 * 1024) / 176_400);
const files = Array.from({ length: uploads }, (_, i) => {
  const file = path.join(dir, `bench-${i}.wav`);
  execFileSync('ffmpeg', [
    ...['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', `sine=frequency=${200 + i * 37}:sample_rate=44100:duration=${seconds}`],
    ...['-ac', '2', '-c:a', 'pcm_s16le', '-metadata', `title=Bench ${i}`, '-metadata', 'artist=Bench', file],
  ]);
  return file;
});

const { app, url } = await startBenchApp({ AUTH_RATE_LIMIT_MAX: '1000' });
const member = await signUpMember(app, 'Bench Uploader');
const { port } = new URL(url);

/** One multipart upload whose file part is piped from disk (the client never holds the file). */
function send(file: string): Promise<number> {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\nContent-Type: audio/wav\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/media/tracks',
        method: 'POST',
        headers: {
          cookie: member.cookie,
          origin: 'http://localhost:3000',
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + statSync(file).size + tail.length,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.write(head);
    const body = createReadStream(file);
    body.pipe(req, { end: false });
    body.on('end', () => req.end(tail));
  });
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
if (global.gc) global.gc();
await new Promise((r) => setTimeout(r, 1000));
const before = process.memoryUsage().rss;
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 10);
const started = Date.now();
const answers = await Promise.all(files.map(send));
const ms = Date.now() - started;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
const counts: Record<number, number> = {};
for (const a of answers) counts[a] = (counts[a] ?? 0) + 1;
const growth = peak - before;
console.log(
  `${uploads} WAV files of ${(statSync(files[0]).size / 1024 / 1024).toFixed(1)} MB (${seconds} s of audio each)`,
);
console.log(`${uploads} uploads at once in ${ms} ms: answers ${JSON.stringify(counts)}`);
console.log(
  `RSS before ${mb(before)}, peak ${mb(peak)} (+${mb(growth)}); target growth < 150 MB ${growth < 150 * 1024 * 1024 ? 'MET' : 'MISSED'}`,
);
await app.close();
rmSync(dir, { recursive: true, force: true });
rmSync(app.ctx.config.dataDir, { recursive: true, force: true });
process.exit(0);
