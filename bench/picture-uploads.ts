/**
 * 16 profile pictures uploaded at once: the process's resident memory before and at its peak, and the
 * answers. Each picture decodes to 6000 × 6000 pixels (near the most the server accepts): a noisy JPEG of
 * about 3 MB, or a flat PNG of under 1 MB, so decoding is what costs memory.
 *   node --expose-gc --import tsx bench/picture-uploads.ts [uploads=16] [jpeg|png]
 */
import sharp from 'sharp';
import { signUpMember } from '../src/server/test/test-app';
import { startBenchApp } from './support';

const uploads = Number(process.argv[2] ?? 16);
const { app, url } = await startBenchApp({ AUTH_RATE_LIMIT_MAX: '1000' });
const member = await signUpMember(app, 'Bench Picture');
const kind = process.argv[3] ?? 'jpeg';
const canvas = sharp({
  create: {
    width: 6000,
    height: 6000,
    channels: 3,
    ...(kind === 'png'
      ? { background: '#3366ff' }
      : { background: '#000', noise: { type: 'gaussian' as const, mean: 128, sigma: 30 } }),
  },
});
const image = await (kind === 'png' ? canvas.png() : canvas.jpeg({ quality: 30 })).toBuffer();

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const send = () =>
  fetch(`${url}/api/me/picture`, {
    method: 'POST',
    headers: { cookie: member.cookie, origin: 'http://localhost:3000', 'content-type': 'image/png' },
    body: image,
  });

// Warm up once (sharp's first use loads libvips), then settle.
await send();
if (global.gc) global.gc();
await new Promise((r) => setTimeout(r, 1000));
const before = process.memoryUsage().rss;
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 10);
const started = Date.now();
const answers = await Promise.all(Array.from({ length: uploads }, () => send()));
const ms = Date.now() - started;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
const counts: Record<number, number> = {};
for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
console.log(`${kind} picture of ${(image.length / 1024 / 1024).toFixed(1)} MB, decodes to 6000x6000`);
console.log(`${uploads} uploads at once in ${ms} ms: answers ${JSON.stringify(counts)}`);
console.log(`RSS before ${mb(before)}, peak ${mb(peak)} (+${mb(peak - before)})`);
await app.close();
process.exit(0);
