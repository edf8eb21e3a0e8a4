/**
 * A bare static file server for bench/stream-outputs.ts: Node's http serving one folder with
 * fs.createReadStream, the content type by extension, nothing else. Prints its port.
 *   node --import tsx bench/static-server.ts <folder>
 */
import { createReadStream, stat } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? '.');
const TYPES: Record<string, string> = { '.m3u8': 'application/vnd.apple.mpegurl', '.ts': 'video/mp2t' };

const server = http.createServer((req, res) => {
  const name = decodeURIComponent((req.url ?? '/').split('?')[0]!).replace(/^\/hls\//, '');
  const file = path.join(root, path.basename(name));
  stat(file, (err, s) => {
    if (err || !s.isFile()) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'content-length': s.size,
    });
    // Deleted by Liquidsoap meanwhile: the answer is cut short, as any static server's would be.
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
  });
});
server.listen(0, '127.0.0.1', () => console.log(`port ${(server.address() as AddressInfo).port}`));
