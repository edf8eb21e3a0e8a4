import type { IncomingMessage, ServerResponse } from 'node:http';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PRESENTER_TEXTS } from '../../../shared/texts/staff';
import { FastPaths } from '../../infra/caches/fast-paths';
import { hashApiKey } from '../../infra/http/api-key-lookup';
import { appForFile } from '../../test/app-for-file';
import { Client, type Member, memberWith } from '../../test/test-app';

const t = appForFile({ env: { API_KEY_RATE_LIMIT_PER_MINUTE: '5' }, admin: 'Admin' });
let developer: Member;
let presenter: Member;
beforeAll(async () => {
  developer = await memberWith(t, 'user', ['developer'], 'Dev Patel');
  presenter = await memberWith(t, 'presenter', [], 'Jade Okafor');
});

describe('API keys', () => {
  let key: string;
  let keyId: string;

  it('creates a key with the illusion_ prefix, shows it once and stores only its hash', async () => {
    const blank = await developer.post('/api/staff/api-keys', { name: '  ' });
    expect(blank.json().error.message).toBe(PRESENTER_TEXTS.apiKeyNameRequired);
    const res = await developer.post('/api/staff/api-keys', {
      name: 'Discord bot',
      description: 'Now playing',
    });
    expect(res.statusCode).toBe(201);
    key = res.json().key;
    keyId = res.json().apiKey.id;
    expect(key).toMatch(/^illusion_[A-Za-z0-9_-]{32}$/);
    expect(res.json().apiKey).toMatchObject({
      name: 'Discord bot',
      description: 'Now playing',
      isActive: true,
      maskedKey: `${key.slice(0, 12)}${'*'.repeat(20)}`,
      createdBy: { name: 'Dev Patel' },
      requestCount: 0,
    });
    const list = await developer.get('/api/staff/api-keys');
    expect(list.body).not.toContain(key);
    expect(list.json().keys[0].maskedKey.startsWith(key.slice(0, 12))).toBe(true);
    const { rows } = await t.dbh.query<Record<string, unknown>>('SELECT * FROM api_keys');
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(rows[0].key_hash).toBe(hashApiKey(key));
  });

  it('identifies a read request that presents the key, by either header; the fast path does not skip it', async () => {
    const bot = new Client(t.app, '203.0.113.9');
    const info = await bot.get('/api/key-info', { authorization: `Bearer ${key}` });
    expect(info.statusCode).toBe(200);
    expect(info.json().apiKey).toMatchObject({ name: 'Discord bot', limitPerMinute: 5 });
    expect(info.headers['x-api-client']).toBe(key.slice(0, 12));
    // Served before routing for everyone else, /api/now-playing goes through the app when a key is shown.
    const fast = new FastPaths();
    fast.register('/api/now-playing', () => ({ json: '{}', etag: '"1"' }), {});
    const res = { writeHead: vi.fn(), end: vi.fn() } as unknown as ServerResponse;
    const req = (headers: Record<string, string>) =>
      ({ method: 'GET', url: '/api/now-playing', headers }) as IncomingMessage;
    expect(fast.handle(req({ 'x-api-key': key }), res)).toBe(false);
    expect(fast.handle(req({ authorization: `Bearer ${key}` }), res)).toBe(false);
    expect(fast.handle(req({}), res)).toBe(true);
    const np = await bot.get('/api/now-playing', { 'x-api-key': key });
    expect(np.statusCode).toBe(200);
    expect(np.headers['x-api-client']).toBe(key.slice(0, 12));
    expect((await bot.get('/api/key-info')).json().apiKey).toBeNull();
    // A key is no session: routes for members still need one (and such a refusal is not counted).
    expect((await bot.get('/api/notifications', { 'x-api-key': key })).statusCode).toBe(401);
    const listed = (await developer.get('/api/staff/api-keys')).json().keys[0];
    expect(listed.requestCount).toBe(2);
    expect(listed.lastUsedAt).toEqual(expect.any(String));
  });

  it('rate limits per key, refuses writes with a key, and refuses unknown keys', async () => {
    const bot = new Client(t.app);
    const answers = [];
    // The key has used 2 of its 5 requests this minute.
    for (let i = 0; i < 5; i++) answers.push(await bot.get('/api/schedule', { 'x-api-key': key }));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429, 429]);
    expect(answers[3].json().error.message).toBe(PRESENTER_TEXTS.apiKeyRateLimited);
    expect(Number(answers[3].headers['retry-after'])).toBeGreaterThan(0);
    // Another key has its own allowance.
    const other = (await developer.post('/api/staff/api-keys', { name: 'Stats bot' })).json().key;
    expect((await bot.get('/api/schedule', { 'x-api-key': other })).statusCode).toBe(200);
    const write = await bot.request('POST', '/api/page-visits', { path: '/' }, { 'x-api-key': other });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.message).toBe(PRESENTER_TEXTS.apiKeyReadOnly);
    const unknown = await bot.get('/api/schedule', { authorization: 'Bearer illusion_not-a-real-key' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.message).toBe(PRESENTER_TEXTS.apiKeyInvalid);
    // Other bearer tokens are not API keys and are left alone.
    expect((await bot.get('/api/schedule', { authorization: 'Bearer something-else' })).statusCode).toBe(200);
  });

  it('revokes a key: it stops working at once', async () => {
    const res = await developer.post(`/api/staff/api-keys/${keyId}/revoke`);
    expect(res.json().apiKey.isActive).toBe(false);
    const after = await new Client(t.app).get('/api/key-info', { 'x-api-key': key });
    expect(after.statusCode).toBe(401);
    expect(
      (await developer.post('/api/staff/api-keys/00000000-0000-0000-0000-000000000000/revoke')).statusCode,
    ).toBe(404);
  });
});

describe('system status, logs and the database view', () => {
  it('writes the app’s own warnings and errors to system_logs, with level and component', async () => {
    t.app.log.warn({ component: 'radio' }, 'radio: the engine is slow to answer');
    t.app.log.error({ err: new Error('boom') }, 'jobs: a job failed');
    t.app.log.info('an info line is not kept');
    await vi.waitFor(
      async () => {
        const logs = (await developer.get('/api/staff/system/logs')).json().logs;
        expect(logs.length).toBeGreaterThanOrEqual(2);
      },
      { timeout: 10_000, interval: 250 },
    );
    const logs = (await developer.get('/api/staff/system/logs')).json().logs;
    expect(logs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          level: 'warn',
          component: 'radio',
          message: 'radio: the engine is slow to answer',
        }),
        expect.objectContaining({ level: 'error', component: 'jobs', message: 'jobs: a job failed: boom' }),
      ]),
    );
    expect(logs.map((l: { message: string }) => l.message)).not.toContain('an info line is not kept');
    const errors = (await developer.get('/api/staff/system/logs?level=error')).json().logs;
    expect(errors.every((l: { level: string }) => l.level === 'error')).toBe(true);
  });

  it('reports the system status', async () => {
    const status = (await developer.get('/api/staff/system/status')).json();
    expect(status.database).toMatchObject({ kind: t.dbh.kind, reachable: true });
    expect(status.engine).toMatchObject({ kind: 'none', configured: false });
    expect(status.jobs.running).toBe(false);
    expect(status.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(status.eventStreams).toBe(0);
    expect(status.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('shows row counts per table and the migration state, never a row', async () => {
    const res = await developer.get('/api/staff/system/database');
    const view = res.json();
    const profiles = view.tables.find((x: { name: string }) => x.name === 'profiles');
    expect(profiles.rows).toBe(3);
    expect(view.tables.map((x: { name: string }) => x.name)).toEqual(
      expect.arrayContaining(['api_keys', 'session', 'system_logs', 'schedule_slots']),
    );
    expect(view.migrations.length).toBeGreaterThanOrEqual(5);
    expect(view.migrations.every((m: { applied: boolean }) => m.applied)).toBe(true);
    expect(view.migrations.map((m: { tag: string }) => m.tag)).toContain('0009_panels');
    expect(res.body).not.toContain('@example.com');
    expect(res.body).not.toContain('illusion_');
  });

  it('is for developers and admins only', async () => {
    for (const url of ['/api/staff/system/status', '/api/staff/system/logs', '/api/staff/system/database']) {
      expect((await presenter.get(url)).statusCode).toBe(403);
      expect((await t.admin.get(url)).statusCode).toBe(200);
    }
    expect((await presenter.post('/api/staff/api-keys', { name: 'x' })).statusCode).toBe(403);
  });
});
