import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CachedResource, FastPaths } from './fast-paths';
import { renderJson } from './public-reads';

/** A resource whose body changes in place, as now-playing's does. */
class Changing implements CachedResource {
  json = '{"title":"first"}';
  etag = '"1"';
}

const changing = new Changing();
const fixed = renderJson({ song: 'Ça va — déjà vu', plays: 3 });
let server: http.Server;
let base: string;

function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = http.request(`${base}${path}`, { method, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

beforeAll(async () => {
  const fast = new FastPaths();
  fast.register('/fixed', () => fixed, { 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' });
  fast.register('/changing', () => changing, { 'access-control-allow-origin': '*' });
  fast.register('/later', () => Promise.resolve(fixed), {});
  fast.register('/refused', () => null, {});
  server = fast.serverFactory((_req, res) => {
    res.writeHead(418, { 'content-type': 'text/plain' });
    res.end('the app');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('answers before routing (FastPaths)', () => {
  it('answers the bytes, their length in bytes, the ETag and the route headers', async () => {
    const res = await get('/fixed?x=1');
    expect(res.status).toBe(200);
    expect(res.body).toBe(fixed.json);
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(fixed.json));
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers.etag).toBe(fixed.etag);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 304 without a body when the client has the bytes, and HEAD without a body', async () => {
    const again = await get('/fixed', { 'if-none-match': fixed.etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(fixed.etag);
    expect(again.headers['cache-control']).toBe('no-cache');
    const head = await get('/fixed', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(fixed.json));
  });

  it('answers the new bytes once a resource changed in place', async () => {
    expect((await get('/changing')).body).toBe('{"title":"first"}');
    changing.json = '{"title":"second, longer"}';
    changing.etag = '"2"';
    const res = await get('/changing');
    expect(res.body).toBe('{"title":"second, longer"}');
    expect(res.headers.etag).toBe('"2"');
    expect(Number(res.headers['content-length'])).toBe(changing.json.length);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect((await get('/changing', { 'if-none-match': '"1"' })).status).toBe(200);
  });

  it('waits for a body being built, and leaves other requests to the app', async () => {
    expect((await get('/later')).body).toBe(fixed.json);
    expect((await get('/refused')).status).toBe(418);
    expect((await get('/elsewhere')).status).toBe(418);
    expect((await get('/fixed', {}, 'POST')).status).toBe(418);
    expect((await get('/fixed', { authorization: 'Bearer k' })).status).toBe(418);
  });
});
