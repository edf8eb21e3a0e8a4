import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
});
afterAll(() => t.close());

/** One request on an open connection; resolves with the raw response head once it has come. */
function ask(socket: net.Socket, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let got = '';
    const onData = (chunk: Buffer) => {
      got += chunk.toString('latin1');
      const end = got.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(got)?.[1] ?? 0);
      if (end >= 0 && got.length >= end + 4 + length) {
        socket.off('data', onData);
        socket.off('close', onClose);
        resolve(got.slice(0, end));
      }
    };
    const onClose = () => reject(new Error(`the server closed the connection before answering ${path}`));
    socket.on('data', onData);
    socket.once('close', onClose);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
  });
}

describe('keep-alive connections (a proxy or a player reusing its connection)', () => {
  it('are kept 72 s, as the app says, and a connection idle for 6 s still answers', async () => {
    const { port } = new URL(t.base);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const first = await ask(socket, '/healthz');
    expect(first).toMatch(/^HTTP\/1\.1 200/);
    expect(first).toMatch(/\r\nKeep-Alive: timeout=72(\r\n|$)/i);
    // Node's own default closed it after 5 s: the next request on it was reset.
    await new Promise((r) => setTimeout(r, 6_000));
    expect(socket.destroyed).toBe(false);
    expect(await ask(socket, '/api/now-playing')).toMatch(/^HTTP\/1\.1 200/);
    socket.destroy();
  }, 30_000);
});
