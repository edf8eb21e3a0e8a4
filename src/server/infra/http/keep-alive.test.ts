import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
// One connection, kept open between requests, as a proxy or a player keeps it.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
beforeAll(async () => {
  t = await createTestApp({ listen: true });
});
afterAll(async () => {
  agent.destroy();
  await t.close();
});

type Answer = { status?: number; keepAlive?: string | string[]; reused: boolean };

/** A GET through the agent: its status, its Keep-Alive header, and whether it went on the open connection. */
function get(path: string) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.get(`${t.base}${path}`, { agent }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode, keepAlive: res.headers['keep-alive'], reused: req.reusedSocket }),
      );
    });
    req.on('error', reject);
  });
}

describe('keep-alive connections (a proxy or a player reusing its connection)', () => {
  it('are kept 72 s, as the app says, and a connection idle for 6 s still answers', async () => {
    expect(await get('/healthz')).toEqual({ status: 200, keepAlive: 'timeout=72', reused: false });
    // Node's own default closed it after 5 s: a request sent on it at that moment was reset.
    await new Promise((r) => setTimeout(r, 6_000));
    expect(await get('/api/now-playing')).toMatchObject({ status: 200, reused: true });
  }, 30_000);
});
