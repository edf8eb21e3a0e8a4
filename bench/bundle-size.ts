/**
 * The listener home page's initial JavaScript, gzipped (target under 150 KB), and proof that staff code
 * is not part of it (code-split by route). Run after `npm run build`:
 *   node --import tsx bench/bundle-size.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve('dist/web');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [
  ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
].map((m) => m[1]);
let total = 0;
let staffMarkers = 0;
for (const src of [...new Set(initial)]) {
  const code = readFileSync(path.join(dist, src.replace(/^\//, '')));
  const gz = gzipSync(code, { level: 9 }).length;
  total += gz;
  const text = code.toString('utf8');
  // Texts that only staff components carry (not the shared TEXTS catalogue, which names staff states too).
  for (const marker of ['Role and permission manager', 'Admin Panel sections', 'Assign role']) {
    if (text.includes(marker)) staffMarkers += 1;
  }
  console.log(`${src}: ${(code.length / 1024).toFixed(1)} KiB raw, ${(gz / 1024).toFixed(1)} KiB gzipped`);
}
console.log(
  `initial JavaScript for the home page: ${(total / 1024).toFixed(1)} KiB gzipped (target < 150 KiB) ${total < 150 * 1024 ? 'MET' : 'NOT MET'}`,
);
console.log(
  `staff code in the initial bundle: ${staffMarkers === 0 ? 'none (MET)' : `${staffMarkers} marker(s) found (NOT MET)`}`,
);
if (total >= 150 * 1024 || staffMarkers > 0) process.exitCode = 1;
