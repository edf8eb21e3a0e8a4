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
          const admin = new Client(t.app);
          const adminLogin = await admin.post('/api/auth/login', {
            email: OLD.admin.email,
            password: PASSWORD,
          });
          expect(adminLogin.statusCode).toBe(200);
          expect(adminLogin.json().me).toMatchObject({ user: { id: OLD.admin.id }, isAdmin: true });
          const member = new Client(t.app);
          const memberLogin = await member.post('/api/auth/login', {
            email: OLD.member.email,
            password: PASSWORD,
          });
          expect(memberLogin.statusCode).toBe(200);
          expect(memberLogin.json().me).toMatchObject({
            user: { id: OLD.member.id, name: OLD.member.name },
            tokenBalance: OLD.balance,
          });

          // Public pages show the old content.
          const anon = new Client(t.app);
          const news = await anon.get('/api/news');
          expect(news.statusCode).toBe(200);
          expect(news.body).toContain(OLD.news.title);
          const article = await anon.get(`/api/news/slug/${OLD.news.slug}`);
          expect(article.statusCode).toBe(200);
          const schedule = await anon.get('/api/schedule');
          expect(schedule.statusCode).toBe(200);
          expect(schedule.body).toContain(OLD.show);
          const shop = await anon.get('/api/shop');
          expect(shop.statusCode).toBe(200);
          expect(shop.body).toContain(OLD.shopItem);

          // Each member's own data.
          const likes = await member.get('/api/likes');
          expect(likes.statusCode).toBe(200);
          expect(likes.body).toContain(OLD.songs[0].id);
          const notes = await member.get('/api/notifications');
          expect(notes.statusCode).toBe(200);
          expect(notes.body).toContain(OLD.notification);
          const purchases = await member.get('/api/shop/me');
          expect(purchases.statusCode).toBe(200);
          expect(purchases.body).toContain(OLD.shopItem);

          // Staff views: the request queue and the plays behind the dashboard.
          const requests = await admin.get('/api/requests');
          expect(requests.statusCode).toBe(200);
          expect(requests.body).toContain(OLD.request);
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
