/**
 * Two instances starting together on one fresh PostgreSQL database (a rolling start, or two servers
 * booted at once): both migrate at start, under the advisory lock in db/client.ts, so both come up and
 * the schema is exactly the one a single start makes. PostgreSQL only (the embedded database is opened
 * by one process).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../../db/client';
import { Client, createTestApp } from '../test-app';

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) console.warn('[concurrent-start] skipped: needs TEST_DATABASE_URL (PostgreSQL)');

function urlOf(name: string) {
  const u = new URL(pgUrl!);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Every column, index and constraint of the public and drizzle schemas, as one sorted list. */
async function schemaOf(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const cols = await c.query(
      `SELECT table_schema || '.' || table_name || '.' || column_name || ':' || data_type || ':' || is_nullable || ':' || coalesce(column_default, '') AS d
       FROM information_schema.columns WHERE table_schema IN ('public', 'drizzle') ORDER BY 1`,
    );
    const idx = await c.query(
      `SELECT schemaname || '.' || indexname || ':' || indexdef AS d FROM pg_indexes WHERE schemaname IN ('public', 'drizzle') ORDER BY 1`,
    );
    const cons = await c.query(
      `SELECT conrelid::regclass::text || '.' || conname || ':' || pg_get_constraintdef(oid) AS d
       FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1`,
    );
    const migrations = await c.query('SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id');
    return {
      definitions: [...cols.rows, ...idx.rows, ...cons.rows].map((r) => r.d as string),
      migrations: migrations.rows.map((r) => r.hash as string),
    };
  } finally {
    await c.end();
  }
}

describe.skipIf(!pgUrl)('two instances starting at once on a fresh PostgreSQL database', () => {
  it('both migrate and start; the schema equals a single start', async () => {
    const name = `onair_twostart_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const [h1, h2] = await Promise.all([openPostgres(urlOf(name), 4), openPostgres(urlOf(name), 4)]);
      // Both start as main.ts does: buildApp migrates first, then seeds the system roles and defaults.
      const started = await Promise.allSettled([
        createTestApp({ db: h1, deps: { skipMigrations: false } }),
        createTestApp({ db: h2, deps: { skipMigrations: false } }),
      ]);
      const failures = started.filter((s) => s.status === 'rejected').map((s) => String(s.reason));
      expect(failures).toEqual([]);
      const [a, b] = started.map(
        (s) => (s as PromiseFulfilledResult<Awaited<ReturnType<typeof createTestApp>>>).value,
      );
      try {
        // The schema is the one the test template got from one migrate, migration for migration.
        const single = await schemaOf(urlOf(inject('pgTemplate')));
        const twice = await schemaOf(urlOf(name));
        expect(twice.migrations).toEqual(single.migrations);
        expect(twice.definitions).toEqual(single.definitions);
        // One set of system roles, and both instances serve the same data.
        const { rows } = await h1.query<{ name: string; n: number }>(
          'SELECT name, count(*)::int AS n FROM roles GROUP BY name HAVING count(*) > 1',
          [],
        );
        expect(rows).toEqual([]);
        const signUp = await new Client(a.app).post('/api/auth/sign-up', {
          fullName: 'First Admin',
          email: 'first@twostart.test',
          password: 'secret123',
          confirmPassword: 'secret123',
        });
        expect(signUp.statusCode).toBe(201);
        const login = await new Client(b.app).post('/api/auth/login', {
          email: 'first@twostart.test',
          password: 'secret123',
        });
        expect(login.statusCode).toBe(200);
        expect(login.json().me.isAdmin).toBe(true);
      } finally {
        await a.close();
        await b.close();
        await h1.close();
        await h2.close();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);
});
