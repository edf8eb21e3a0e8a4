/**
 * Upgrading a station: a database made by an older release's migrations, with a station's data in it,
 * is migrated by the current app at start (buildApp, as main.ts runs it), and everything is still there
 * and readable through the API. From the last release (0014) and the one before (0010), on the embedded
 * database and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type DbHandle, MIGRATIONS_FOLDER, openPglite, openPostgres } from '../../db/client';
import { Client, createTestApp } from '../test-app';
import { migrationsUpTo, OLD, PASSWORD, RELEASES, SEEDED_ROWS, seedSql } from './previous-release';

const pgUrl = process.env.TEST_DATABASE_URL;

/** An empty database of the given kind; `drop()` closes it (and drops it on PostgreSQL). */
async function emptyDatabase(kind: 'pglite' | 'pg'): Promise<DbHandle & { drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const h = await openPglite(null);
    return Object.assign(h, { drop: () => h.close() });
  }
  const name = `onair_upgrade_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(pgUrl!);
  u.pathname = `/${name}`;
  const h = await openPostgres(u.toString(), 4);
  return Object.assign(h, {
    async drop() {
      await h.close().catch(() => {});
      const a = new pg.Client({ connectionString: pgUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  });
}

async function applyOldRelease(dbh: DbHandle, lastTag: string) {
  const old = migrationsUpTo(lastTag);
  try {
    if (dbh.kind === 'pglite')
      await migratePglite(drizzlePglite(dbh.pglite!), { migrationsFolder: old.folder });
    else await migratePg(drizzlePg(dbh.pool!), { migrationsFolder: old.folder });
  } finally {
    old.remove();
  }
}

async function rowCounts(dbh: DbHandle) {
  const out: Record<string, number> = {};
  for (const table of Object.keys(SEEDED_ROWS)) {
    const { rows } = await dbh.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`, []);
    out[table] = rows[0].n;
  }
  return out;
}

async function appliedMigrations(dbh: DbHandle) {
  const { rows } = await dbh.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
    [],
  );
  return rows[0].n;
}

const kinds: ['pglite' | 'pg'][] = [['pglite'], ...(pgUrl ? [['pg'] as ['pg']] : [])];
const releases = Object.values(RELEASES).map((r) => [r] as const);
const journalLength = (await import(`${MIGRATIONS_FOLDER}/meta/_journal.json`, { with: { type: 'json' } }))
  .default.entries.length as number;

describe.each(kinds)('upgrading on %s', (kind) => {
  it.each(releases)(
    'keeps a station made by the release ending at %s, readable through the API',
    async (lastTag) => {
      const dbh = await emptyDatabase(kind);
      try {
        await applyOldRelease(dbh, lastTag);
        const oldCount = await appliedMigrations(dbh);
        expect(oldCount).toBeLessThan(journalLength);
        await dbh.query(await seedSql());
        const before = await rowCounts(dbh);
        expect(before).toEqual(SEEDED_ROWS);

        // The new version starts: buildApp migrates, as at every start.
        const t = await createTestApp({ db: dbh, deps: { skipMigrations: false } });
        try {
          expect(await appliedMigrations(dbh)).toBe(journalLength);
          expect(await rowCounts(dbh)).toEqual(before);

          // The old accounts sign in with their old passwords and keep their roles and wallets.
          const signIn = async (email: string, me: Record<string, unknown>) => {
            const c = new Client(t.app);
            const login = await c.post('/api/auth/login', { email, password: PASSWORD });
            expect(login.statusCode).toBe(200);
            expect(login.json().me).toMatchObject(me);
            return c;
          };
          const admin = await signIn(OLD.admin.email, { user: { id: OLD.admin.id }, isAdmin: true });
          const member = await signIn(OLD.member.email, {
            user: { id: OLD.member.id, name: OLD.member.name },
            tokenBalance: OLD.balance,
          });
          /** `url` answers 200 to `c`, its body naming `text` when given. */
          const serves = async (c: Client, url: string, text?: string) => {
            const res = await c.get(url);
            expect(res.statusCode).toBe(200);
            if (text !== undefined) expect(res.body).toContain(text);
          };

          // Public pages show the old content.
          const anon = new Client(t.app);
          await serves(anon, '/api/news', OLD.news.title);
          await serves(anon, `/api/news/slug/${OLD.news.slug}`);
          await serves(anon, '/api/schedule', OLD.show);
          await serves(anon, '/api/shop', OLD.shopItem);

          // Each member's own data.
          await serves(member, '/api/likes', OLD.songs[0].id);
          await serves(member, '/api/notifications', OLD.notification);
          await serves(member, '/api/shop/me', OLD.shopItem);

          // Staff views: the request queue and the plays behind the dashboard.
          await serves(admin, '/api/requests', OLD.request);
          const { rows: plays } = await dbh.query<{ title: string; n: number }>(
            'SELECT s.title, count(*)::int AS n FROM song_plays p JOIN songs s ON s.id = p.song_id GROUP BY s.title ORDER BY s.title',
            [],
          );
          expect(plays).toEqual([
            { title: 'Harbour Lights', n: 2 },
            { title: 'Midnight Drive', n: 1 },
          ]);

          // And the new version works on it: a new member signs up, the old member likes another song.
          const fresh = new Client(t.app);
          const signUp = await fresh.post('/api/auth/sign-up', {
            fullName: 'After Upgrade',
            email: `after.${randomBytes(3).toString('hex')}@upgrade.test`,
            password: 'secret123',
            confirmPassword: 'secret123',
          });
          expect(signUp.statusCode).toBe(201);
          expect(signUp.json().firstUserIsAdmin).toBe(false);
          const like = await member.post('/api/likes/toggle', { songId: OLD.songs[1].id });
          expect(like.statusCode).toBe(200);
        } finally {
          await t.close();
        }
      } finally {
        await dbh.drop();
      }
    },
    240_000,
  );
});
