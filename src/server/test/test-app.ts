import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../app';
import { loadConfig } from '../config';
import { type DbHandle, openPglite, openPostgres } from '../db/client';
import type { Mail, Mailer } from '../infra/mailer';
import { nowPlayingSlot } from '../modules/station/now-playing.service';
import { multipartBody, type Part } from './fixtures/media';
import { ScriptedBackend } from './scripted-backend';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
    pgliteSnapshot: string;
    runId: string;
  }
}

export const TEST_ORIGIN = 'http://localhost:3000';

/** The migrated snapshot, read once per worker (the `db` files of a worker share its modules). */
let snapshot: { file: string; blob: Blob } | null = null;
function snapshotBlob(file: string): Blob {
  if (snapshot?.file !== file) snapshot = { file, blob: new Blob([readFileSync(file)]) };
  return snapshot.blob;
}

/** A fresh database for one test file: a copy of the migrated snapshot or template. */
export async function freshDatabase(): Promise<DbHandle & { drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplate');
  if (url && template) {
    const name = `onair_t_${template.replace('onair_tpl_', '')}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    const h = await openPostgres(u.toString(), 5);
    return Object.assign(h, {
      connectionString: u.toString(),
      async drop() {
        await h.close().catch(() => {});
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    });
  }
  const h = await openPglite(null, { loadDataDir: snapshotBlob(inject('pgliteSnapshot')) });
  return Object.assign(h, { drop: () => h.close() });
}

export interface TestApp {
  app: FastifyInstance;
  dbh: DbHandle;
  /** What the app would have sent by email. */
  mail: Mail[];
  /** The app's own address once it listens (`listen: true` or listen()), else ''. */
  base: string;
  /** Listens on 127.0.0.1 (port 0: a free one) and returns the app's address, also kept in `base`. */
  listen(port?: number): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment over the test defaults below (as the app would read it from process.env). */
  env?: Record<string, string>;
  /** A database the test opened (it closes it too); default a fresh copy, dropped on close. */
  db?: DbHandle;
  /** The app's dependencies over the test ones (mailer, skipMigrations), e.g. a radioBackend. */
  deps?: Partial<AppDeps>;
  /** Listen on a free port of 127.0.0.1 before returning (the address is `base`). */
  listen?: boolean;
}

/** Builds the real app on a fresh database, as a test would use it (no web build, no background jobs). */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const { env = {}, db: existing, deps = {} } = opts;
  const dbh = existing ?? (await freshDatabase());
  const mail: Mail[] = [];
  // Stands in for the SMTP server: records what would be sent.
  const mailer: Mailer = { send: async (m) => void mail.push(m) };
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'onair-test-')),
    SERVE_WEB: 'false',
    JOBS_ENABLED: 'false',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    AUTH_RATE_LIMIT_MAX: '1000',
    BASE_URL: TEST_ORIGIN,
    RADIO_BACKEND: 'none',
    ...env,
  });
  const app = await buildApp(config, { dbh, mailer, skipMigrations: true, ...deps });
  await app.ready();
  const t: TestApp = {
    app,
    dbh,
    mail,
    base: '',
    async listen(port = 0) {
      await app.listen({ port, host: '127.0.0.1' });
      t.base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      return t.base;
    },
    async close() {
      await app.close();
      if (!existing) await (dbh as DbHandle & { drop?: () => Promise<void> }).drop?.();
    },
  };
  if (opts.listen) await t.listen();
  return t;
}

type Body = Record<string, unknown> | unknown[] | undefined;

/** A small client over app.inject that keeps one member's session cookie. */
export class Client {
  cookie = '';
  constructor(
    readonly app: FastifyInstance,
    readonly ip = '127.0.0.1',
  ) {}

  async request(method: string, url: string, body?: Body, headers: Record<string, string> = {}) {
    const res = await this.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: this.ip,
      headers: {
        origin: TEST_ORIGIN,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    this.keepCookies(res);
    return res;
  }
  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, body?: Body) => this.request('POST', url, body ?? {});
  patch = (url: string, body?: Body) => this.request('PATCH', url, body ?? {});
  put = (url: string, body?: Body) => this.request('PUT', url, body ?? {});
  delete = (url: string) => this.request('DELETE', url);

  private keepCookies(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (!c.name.includes('session_token')) continue;
      this.cookie = c.value && c.maxAge !== 0 ? `${c.name}=${c.value}` : '';
    }
  }
}

let counter = 0;
export function uniqueEmail(prefix = 'member') {
  counter += 1;
  return `${prefix}.${counter}.${randomBytes(3).toString('hex')}@example.com`;
}

/** Signs up a new member and returns their client (the first member of a site becomes its admin). */
export async function signUpMember(app: FastifyInstance, fullName = 'Test Member', email = uniqueEmail()) {
  const c = new Client(app);
  const res = await c.post('/api/auth/sign-up', {
    fullName,
    email,
    password: 'secret123',
    confirmPassword: 'secret123',
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const me = res.json().me;
  return Object.assign(c, { userId: me.user.id as string, email });
}

export type Member = Awaited<ReturnType<typeof signUpMember>>;

/** Sends `bytes` as the member's profile picture (POST /api/me/picture, as the browser sends it). */
export function postPicture(c: Pick<Client, 'app' | 'cookie'>, bytes: Buffer, type = 'image/png') {
  return c.app.inject({
    method: 'POST',
    url: '/api/me/picture',
    headers: { cookie: c.cookie, origin: TEST_ORIGIN, 'content-type': type },
    payload: bytes,
  });
}

/**
 * Uploads files to the media library as `c` (POST /api/media/tracks, multipart, as the browser sends
 * them); `c` may pair a member's cookie with another instance of the app.
 */
export function uploadTracks(c: Pick<Client, 'app' | 'cookie'>, parts: Part[]) {
  const { body, contentType } = multipartBody(parts);
  return c.app.inject({
    method: 'POST',
    url: '/api/media/tracks',
    headers: { origin: TEST_ORIGIN, cookie: c.cookie, 'content-type': contentType },
    payload: body,
  });
}

/** A member with the given profile role and assigned roles (set directly in the database). */
export async function memberWith(
  t: TestApp,
  role: string,
  assigned: string[] = [],
  name?: string,
): Promise<Member> {
  const m = await signUpMember(t.app, name ?? `${role} ${assigned.join(' ')}`.trim());
  await t.dbh.query('UPDATE profiles SET role = $1 WHERE id = $2', [role, m.userId]);
  for (const r of assigned) {
    await t.dbh.query(
      `INSERT INTO roles (name, full_name, permissions) VALUES ($1, $1, '[]'::jsonb) ON CONFLICT (name) DO NOTHING`,
      [r],
    );
    await t.dbh.query(
      'INSERT INTO user_role_assignments (user_id, role_id) SELECT $1, id FROM roles WHERE name = $2',
      [m.userId, r],
    );
  }
  return m;
}

/**
 * Runs `body` on two app instances sharing one fresh database (as two servers of one station run),
 * then closes both and drops the database.
 */
export async function withTwoInstances<T>(body: (one: TestApp, two: TestApp) => Promise<T>): Promise<T> {
  const shared = await freshDatabase();
  const one = await createTestApp({ db: shared });
  const two = await createTestApp({ db: shared });
  try {
    return await body(one, two);
  } finally {
    await one.app.close();
    await two.app.close();
    await shared.drop();
  }
}

export interface ScriptedApp {
  t: TestApp;
  /** The radio backend the test drives (ScriptedBackend). */
  backend: ScriptedBackend;
  /** The first account, so the admin. */
  admin: Member;
}

/**
 * The real app on a ScriptedBackend and its admin (signed up first, as `adminName`). `startBackend`
 * starts the backend reporting to now playing without listening (`listen: true` starts it too).
 */
export async function createScriptedApp(
  opts: TestAppOptions & { adminName?: string; startBackend?: boolean } = {},
): Promise<ScriptedApp> {
  const { adminName = 'Admin', startBackend = false, ...appOpts } = opts;
  const backend = new ScriptedBackend();
  const t = await createTestApp({ ...appOpts, deps: { ...appOpts.deps, radioBackend: backend } });
  if (startBackend) await backend.start(nowPlayingSlot.of(t.app.ctx));
  const admin = await signUpMember(t.app, adminName);
  return { t, backend, admin };
}
