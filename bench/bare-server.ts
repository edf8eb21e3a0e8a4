/**
 * Child process for the throughput bench: a bare Node `http` server answering, for each path, the same
 * bytes and headers the app answered. It is what "as fast as the machine allows" means for one response.
 * Receives `{ type: 'routes', routes: { [path]: { body, headers } } }`, replies `{ type: 'listening', port }`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Route = { body: string; headers: Record<string, string> };
let routes = new Map<string, { body: Buffer; headers: Record<string, string | number> }>();

const server = http.createServer((req, res) => {
  const r = routes.get(req.url ?? '');
  if (!r) {
    res.writeHead(404);
    res.end();
    return;
  }
  res.writeHead(200, r.headers);
  res.end(r.body);
});

process.on('message', (m: { type: string; routes?: Record<string, Route> }) => {
  if (m.type === 'routes' && m.routes) {
    routes = new Map(
      Object.entries(m.routes).map(([path, r]) => {
        const body = Buffer.from(r.body);
        return [path, { body, headers: { ...r.headers, 'content-length': body.length } }];
      }),
    );
    if (!server.listening)
      server.listen(0, '127.0.0.1', () =>
        process.send?.({ type: 'listening', port: (server.address() as AddressInfo).port }),
      );
    else process.send?.({ type: 'listening', port: (server.address() as AddressInfo).port });
  }
  if (m.type === 'exit') process.exit(0);
});
