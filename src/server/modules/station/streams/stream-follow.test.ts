import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from '../../../infra/http/errors';
import { waitUntil } from '../../../test/engine-helpers';
import { type FakeIcecastMount, startFakeIcecastMount } from '../../../test/fakes/fake-icecast-mount';
import { markersIn, readIcy } from '../../../test/icy';
import { playStream } from '../../../test/player';
import { followStream, type Upstream } from './stream-follow';

/**
 * The follower's relay on its own, between fake Icecast mounts standing in for the engine's instance
 * before and after a failover (the two-instance wiring is in test/cluster/every-instance-serves.test.ts).
 */
let app: FastifyInstance;
let base: string;
let one: FakeIcecastMount;
let two: FakeIcecastMount;
/** Where the engine runs "now" (null: nowhere, as between a holder's death and the next one's start). */
let upstream: FakeIcecastMount | null = null;
const picks: boolean[] = [];

beforeAll(async () => {
  one = await startFakeIcecastMount({
    mounts: ['/radio.mp3'],
    marker: 'abcdefg',
    metaint: 1_000,
    title: 'One - First',
  });
  two = await startFakeIcecastMount({
    mounts: ['/radio.mp3'],
    marker: 'WXYZ',
    metaint: 700,
    title: 'Two - Second',
  });
  app = Fastify();
  await app.register(errorsPlugin);
  app.get('/stream', (req, reply) =>
    followStream(req, reply, {
      pick: async (again) => {
        picks.push(again);
        return upstream
          ? ({ url: upstream.url, headers: { 'x-forwarded-for': '203.0.113.9' } } as Upstream)
          : null;
      },
      connectWithinMs: 1_000,
      resumeWithinMs: 3_000,
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  await one?.close();
  await two?.close();
});
afterEach(() => {
  upstream = null;
  picks.length = 0;
});

const listen = (headers: Record<string, string> = {}) =>
  playStream(`${base}/stream`, { 'user-agent': 'mpv 0.35', ...headers });

describe("a follower's relay", () => {
  it('passes the upstream audio and headers on, with the listener address and program', async () => {
    upstream = one;
    const player = listen();
    try {
      await waitUntil('audio', () => player.size > 5_000, 5_000);
      const res = player.res!;
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({
        'content-type': 'audio/mpeg',
        'cache-control': 'no-cache, no-store',
        'icy-name': 'OnAir Test Stream',
        'icy-br': '128',
        'access-control-allow-origin': '*',
        'x-content-type-options': 'nosniff',
      });
      expect(res.headers['icy-metaint']).toBeUndefined();
      expect(markersIn(player.body(), ['abcdefg'])).toEqual(['abcdefg']);
      // The relay's own connection (another test's may still be closing).
      const mine = one.listeners().filter((h) => h['user-agent'] === 'mpv 0.35' && !h['icy-metadata']);
      expect(mine).toContainEqual(expect.objectContaining({ 'x-forwarded-for': '203.0.113.9' }));
    } finally {
      player.stop();
    }
  });

  it('answers 503 when no instance runs the engine', async () => {
    const res = await fetch(`${base}/stream`);
    expect(res.status).toBe(503);
    expect((await res.json()).error.message).toMatch(/not on air/);
  });

  it('keeps a plain listener through a failover: the audio continues from the next upstream', async () => {
    upstream = one;
    const player = listen();
    try {
      await waitUntil('audio from the first', () => player.size > 3_000, 5_000);
      upstream = null;
      one.dropListeners();
      await new Promise((r) => setTimeout(r, 1_200));
      expect(player.ended).toBe(false);
      upstream = two;
      const before = player.size;
      await waitUntil('audio from the next', () => player.size > before + 5_000, 5_000);
      expect(markersIn(player.body(), ['abcdefg', 'WXYZ'])).toEqual(['abcdefg', 'WXYZ']);
      expect(picks.slice(1).every(Boolean)).toBe(true);
    } finally {
      player.stop();
    }
  });

  it('keeps the ICY framing valid across a failover to an upstream with another metaint', async () => {
    upstream = one;
    const player = listen({ 'icy-metadata': '1' });
    try {
      await waitUntil('a few blocks from the first', () => player.size > 4_500, 5_000);
      expect(player.res!.headers['icy-metaint']).toBe('1000');
      upstream = null;
      one.dropListeners();
      await new Promise((r) => setTimeout(r, 700));
      upstream = two;
      const before = player.size;
      await waitUntil('blocks from the next', () => player.size > before + 8_000, 5_000);
      const heard = readIcy(player.body(), 1_000);
      expect(heard.blocks).toBeGreaterThan(10);
      expect(heard.titles).toEqual(['One - First', 'Two - Second']);
      expect(markersIn(heard.audio, ['abcdefg', 'WXYZ'])).toEqual(['abcdefg', 'WXYZ']);
      expect(two.listeners().some((h) => h['icy-metadata'] === '1')).toBe(true);
    } finally {
      player.stop();
    }
  });

  it('closes the listener when no upstream comes back in time', async () => {
    upstream = one;
    const player = listen();
    await waitUntil('audio', () => player.size > 1_000, 5_000);
    upstream = null;
    one.dropListeners();
    await new Promise((r) => setTimeout(r, 1_500));
    expect(player.ended).toBe(false);
    await waitUntil('the relay to give up', () => player.ended, 5_000);
  });
});
