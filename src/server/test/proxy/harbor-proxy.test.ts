/**
 * The harbor proxy of several instances (deploy/nginx-harbor.conf, real nginx with its stream module) in
 * front of three instances' harbor ports, where only the engine's instance listens, as in a cluster:
 * presenters' software reaches the engine's harbor through one address, the audio passes whole, and
 * after a failover the same address reaches the new engine's instance.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../engine-helpers';
import { closedPorts, freePorts } from '../free-port';
import { startHarborProxy } from './harbor-proxy-server';
import type { RunningProxy } from './proxy-servers';

/** An engine instance's harbor: answers a source login with its name and counts the audio it gets. */
function fakeHarbor(name: string, port: number) {
  let received = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    let head = '';
    socket.on('data', (chunk) => {
      if (head.includes('\r\n\r\n')) {
        received += chunk.length;
        return;
      }
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      received += Buffer.byteLength(head.slice(end + 4), 'latin1');
      socket.write(`HTTP/1.0 200 OK\r\nServer: harbor of ${name}\r\n\r\n`);
    });
  });
  return {
    received: () => received,
    listen: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve())),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A source login through the proxy (as BUTT or ffmpeg send it); resolves to the harbor's Server header. */
function sourceLogin(port: number, audio = Buffer.alloc(0)) {
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let reply = '';
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer within 5 s')));
    socket.once('error', reject);
    socket.once('close', () => reject(new Error(`closed without an answer: ${JSON.stringify(reply)}`)));
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1');
      const server = /^Server: (.*)\r$/m.exec(reply);
      if (!reply.includes('\r\n\r\n') || !server) return;
      socket.write(audio, () => {
        socket.end();
        resolve(server[1]);
      });
    });
    socket.write(
      'SOURCE /live HTTP/1.0\r\nAuthorization: Basic c291cmNlOmpvLHNlY3JldA==\r\nContent-Type: audio/mpeg\r\n\r\n',
    );
  });
}

let proxy: RunningProxy;
let harbors: ReturnType<typeof fakeHarbor>[];
let proxyPort: number;

beforeAll(async () => {
  [proxyPort] = await freePorts(1);
  // The harbors that do not listen must refuse: ports no other test can take meanwhile.
  const harborPorts = await closedPorts(3);
  harbors = ['instance one', 'instance two', 'instance three'].map((n, i) => fakeHarbor(n, harborPorts[i]));
  // The engine runs on the second instance when the proxy starts (its start-up check connects once, and
  // a server that refuses then is passed over for 5 s).
  await harbors[1].listen();
  proxy = await startHarborProxy({ port: proxyPort, harborPorts });
});
afterAll(async () => {
  await proxy?.stop();
  for (const h of harbors ?? []) await h.close().catch(() => undefined);
});

describe('the harbor proxy', { shuffle: false }, () => {
  it("reaches the engine's instance, the only one whose harbor listens, every time", async () => {
    for (let i = 0; i < 5; i++) expect(await sourceLogin(proxyPort)).toBe('harbor of instance two');
  });

  it('passes a live show’s audio whole', async () => {
    const audio = Buffer.alloc(256 * 1024, 0x55);
    const before = harbors[1].received();
    expect(await sourceLogin(proxyPort, audio)).toBe('harbor of instance two');
    await waitUntil('the audio arrives whole', () => harbors[1].received() - before === audio.length, 5000);
  });

  it("reaches the new engine's instance after a failover, at the same address", async () => {
    await harbors[1].close();
    await harbors[2].listen();
    // Presenters' software tries again every few seconds after its connection drops.
    let reached = '';
    await waitUntil(
      'a source login through the proxy after the failover',
      async () => {
        reached = await sourceLogin(proxyPort).catch(() => '');
        return reached !== '';
      },
      15_000,
      () => proxy.log(),
    );
    expect(reached).toBe('harbor of instance three');
    expect(await sourceLogin(proxyPort)).toBe('harbor of instance three');
  });
});
