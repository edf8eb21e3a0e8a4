/**
 * The site behind the two real proxies docs/operations/https.md documents, run from deploy/Caddyfile (Caddy, `tls
 * internal`) and deploy/nginx.conf (nginx, a self-signed certificate made with openssl), in front of
 * one app with the built-in engine on air:
 *
 * - Server-Sent Events arrive at once (no buffering): each published event is read through the proxy
 *   well within a second;
 * - the audio stream (/stream) and uploaded files pass through;
 * - with TRUST_PROXY=true the login limiter counts each client's own address (from X-Forwarded-For as
 *   the proxy sets it), and a forged X-Forwarded-For does not reset it;
 * - the session cookie is Secure and HttpOnly, and signs the member in through the proxy.
 *
 * A proxy that is not installed is skipped with a message (CI installs both); so is the stream without
 * icecast2 and liquidsoap.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '../../../shared/events';
import { isBuiltinEngineInstalled } from '../../integrations/radio/builtin/supervisor';
import { generateTones } from '../../integrations/radio/builtin/tones';
import { waitUntil } from '../engine-helpers';
import { freePorts } from '../free-port';
import { createTestApp, type TestApp } from '../test-app';
import { httpsOpen, httpsRequest, openEventStream } from './https-client';
import { findBinary, type RunningProxy, startCaddy, startNginx } from './proxy-servers';

const have = {
  caddy: findBinary('caddy') !== null,
  nginx: findBinary('nginx') !== null && findBinary('openssl') !== null,
};
const engine = isBuiltinEngineInstalled();
if (!have.caddy) console.warn('[proxies] Caddy skipped: caddy is not installed (apt-get install caddy)');
if (!have.nginx)
  console.warn(
    '[proxies] nginx skipped: nginx or openssl is not installed (apt-get install nginx-light openssl)',
  );
if (!engine)
  console.warn('[proxies] the audio stream checks are skipped: icecast2 and liquidsoap are not installed');

const AUTH_LIMIT = 5;
const proxies: Partial<Record<'caddy' | 'nginx', RunningProxy>> = {};
let t: TestApp;
let appPort: number;

beforeAll(async () => {
  if (!have.caddy && !have.nginx) return;
  const [app, icecast, harbor, caddyPort, caddyHttp, nginxPort, nginxHttp] = await freePorts(7);
  appPort = app;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onair-proxy-'));
  chmodSync(dataDir, 0o755); // the engine's unprivileged user reaches DATA_DIR/station
  const music = path.join(dataDir, 'music');
  if (engine) await generateTones(music, 2, { durationSeconds: 60 });
  // The documented set-up: the public https address as BASE_URL, TRUST_PROXY on, the app on loopback.
  t = await createTestApp({
    env: {
      BASE_URL: `https://localhost:${caddyPort}`,
      TRUSTED_ORIGINS: `https://localhost:${nginxPort}`,
      TRUST_PROXY: 'true',
      AUTH_RATE_LIMIT_MAX: String(AUTH_LIMIT),
      DATA_DIR: dataDir,
      ...(engine
        ? {
            RADIO_BACKEND: 'builtin',
            MUSIC_DIR: music,
            ICECAST_PORT: String(icecast),
            HARBOR_PORT: String(harbor),
          }
        : {}),
    },
  });
  await t.listen(appPort);
  if (have.caddy) proxies.caddy = await startCaddy({ port: caddyPort, httpPort: caddyHttp, appPort });
  if (have.nginx) proxies.nginx = await startNginx({ port: nginxPort, httpPort: nginxHttp, appPort });
}, 90_000);

afterAll(async () => {
  await proxies.caddy?.stop();
  await proxies.nginx?.stop();
  await t?.close();
});

const cases = (['caddy', 'nginx'] as const).map((name) => [name] as const);
// Each proxy's own client addresses (all of 127.0.0.0/8 is this machine's loopback).
const addresses = { caddy: ['127.0.0.2', '127.0.0.3'], nginx: ['127.0.0.4', '127.0.0.5'] };

describe.each(cases)('behind %s', (name) => {
  const proxy = () => proxies[name]!;
  const on = have[name];

  it.skipIf(!on)('delivers Server-Sent Events at once, with no buffering', async () => {
    const stream = openEventStream(proxy().origin);
    const res = await stream.ready;
    try {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      const delays: number[] = [];
      for (let i = 0; i < 5; i++) {
        const mark = `${name}-${i}-${randomBytes(3).toString('hex')}`;
        const sent = performance.now();
        await t.app.ctx.realtime.publish(topics.public, 'proxy.check', { mark });
        const got = await stream.waitFor('proxy.check', (d) => (d as { mark: string }).mark === mark, 3000);
        delays.push(got.at - sent);
      }
      console.log(
        `[proxies] ${name}: events through the proxy in ${delays.map((d) => d.toFixed(0)).join(', ')} ms`,
      );
      for (const d of delays) expect(d).toBeLessThan(1000);
    } finally {
      stream.close();
    }
  });

  it.skipIf(!on || !engine)(
    'passes the live audio stream through',
    async () => {
      // The engine is on air once the app's own relay answers (slow on a busy machine: Liquidsoap's start).
      const relayAnswers = () =>
        fetch(`http://127.0.0.1:${appPort}/stream`, { signal: AbortSignal.timeout(3000) })
          .then(async (r) => {
            await r.body?.cancel();
            return r.status === 200;
          })
          .catch(() => false);
      try {
        await waitUntil('the station on air', relayAnswers, 60_000);
      } catch (err) {
        const status = await t.app.ctx.station.engine?.status();
        throw new Error(`${(err as Error).message}\nthe engine: ${JSON.stringify(status?.details)}`);
      }
      const { response, close } = httpsOpen(proxy().origin, '/stream');
      try {
        const res = await response;
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/audio\/mpeg/);
        const started = performance.now();
        const bytes = await new Promise<number>((resolve) => {
          let n = 0;
          res.on('data', (c: Buffer) => {
            n += c.length;
            if (n >= 32_000) resolve(n);
          });
        });
        const seconds = (performance.now() - started) / 1000;
        console.log(
          `[proxies] ${name}: ${bytes} bytes of audio through the proxy in ${seconds.toFixed(1)} s`,
        );
        expect(bytes).toBeGreaterThanOrEqual(32_000);
        // Passed on as it plays: 128 kbps is 16 KB/s, plus Icecast's burst; never held back to the end.
        expect(seconds).toBeLessThan(10);
      } finally {
        close();
      }
    },
    90_000,
  );

  it.skipIf(!on)('passes uploaded files through byte for byte, with their cache headers', async () => {
    const bytes = randomBytes(200_000).toString('base64');
    await t.app.ctx.storage.store.put(`proxy/${name}.png`, Buffer.from(bytes), { contentType: 'image/png' });
    const res = await httpsRequest(proxy().origin, 'GET', `/uploads/proxy/${name}.png`);
    expect(res.status).toBe(200);
    expect(res.body).toBe(bytes);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.skipIf(!on)(
    "limits logins per client address, which TRUST_PROXY reads from the proxy's header",
    async () => {
      const [first, second] = addresses[name];
      const attempt = (localAddress: string, headers: Record<string, string> = {}) =>
        httpsRequest(proxy().origin, 'POST', '/api/auth/login', {
          body: { email: `nobody.${name}@example.com`, password: 'wrong-password' },
          localAddress,
          headers,
        });
      for (let i = 0; i < AUTH_LIMIT; i++) expect((await attempt(first)).status).toBe(401);
      const limited = await attempt(first);
      expect(limited.status).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      // A forged X-Forwarded-For is replaced by the proxy: the same client is still limited.
      expect((await attempt(first, { 'x-forwarded-for': '203.0.113.77' })).status).toBe(429);
      // Another client, through the same proxy, has its own allowance.
      expect((await attempt(second)).status).toBe(401);
    },
  );

  it.skipIf(!on)(
    'sets a Secure, HttpOnly session cookie that signs the member in through the proxy',
    async () => {
      const email = `proxy.${name}.${randomBytes(3).toString('hex')}@example.com`;
      const signUp = await httpsRequest(proxy().origin, 'POST', '/api/auth/sign-up', {
        body: { fullName: `Proxy ${name}`, email, password: 'secret123', confirmPassword: 'secret123' },
      });
      expect(signUp.status).toBe(201);
      const cookies = (signUp.headers['set-cookie'] ?? []) as string[];
      const session = cookies.find((c) => c.includes('session_token='));
      expect(session).toBeDefined();
      expect(session).toMatch(/^__Secure-onair\.session_token=/);
      expect(session).toMatch(/;\s*Secure/i);
      expect(session).toMatch(/;\s*HttpOnly/i);
      const me = await httpsRequest(proxy().origin, 'GET', '/api/me', {
        headers: { cookie: session!.split(';')[0] },
      });
      expect(me.status).toBe(200);
      expect(JSON.parse(me.body).me.user.email).toBe(email);
    },
  );
});
