import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupTo, emptyPostgres, PG_URL, tmpDir } from '../../test/fixtures/backups';
import { createTestApp, signUpMember, type TestApp } from '../../test/test-app';
import { restoreBackup } from './restore';

/**
 * A backup on PostgreSQL is one REPEATABLE READ snapshot while writers carry on: everything acknowledged
 * before it began is in it, and no transaction is in it by halves.
 */
let t: TestApp;
let userId: string;
beforeAll(async () => {
  if (!PG_URL) return;
  t = await createTestApp();
  userId = (await signUpMember(t.app, 'Writer')).userId;
}, 60_000);
afterAll(async () => t?.close());

describe.runIf(PG_URL)('a backup during 200 concurrent writers (PostgreSQL)', () => {
  it('holds every write acknowledged before it began, and whole transactions only', async () => {
    const url = (t.dbh as { connectionString?: string }).connectionString as string;
    const pool = new pg.Pool({ connectionString: url, max: 30 });
    const acked: string[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let n = 0; !stop; n++) {
        const c = await pool.connect();
        try {
          // Two rows per transaction: a consistent backup has both or neither.
          await c.query('BEGIN');
          for (const half of ['a', 'b']) {
            await c.query('INSERT INTO notifications (user_id, title, message) VALUES ($1, $2, $3)', [
              userId,
              `w${w}-${n}`,
              half,
            ]);
          }
          await c.query('COMMIT');
          acked.push(`w${w}-${n}`);
        } finally {
          c.release();
        }
      }
    };
    const writers = Array.from({ length: 200 }, (_, w) => writer(w));
    while (acked.length < 400) await new Promise((r) => setTimeout(r, 20));
    const before = [...acked];
    const file = path.join(tmpDir('busy'), 'busy.tar.gz');
    const summary = await backupTo(t.dbh, t.app.ctx.config.dataDir, file);
    stop = true;
    await Promise.all(writers);
    await pool.end();
    expect(acked.length).toBeGreaterThan(before.length); // the writers went on during the backup

    const target = await emptyPostgres(PG_URL as string);
    try {
      await restoreBackup(file, { dataDir: tmpDir('busy-target'), databaseUrl: target.url });
      const dbh = await target.open();
      try {
        const { rows } = await dbh.query<{ title: string; n: number }>(
          "SELECT title, count(*)::int AS n FROM notifications WHERE title LIKE 'w%' GROUP BY title",
        );
        const restored = new Map(rows.map((r) => [r.title, r.n]));
        expect(before.filter((k) => !restored.has(k))).toEqual([]);
        expect([...restored.values()].filter((n) => n !== 2)).toEqual([]);
        const inManifest = summary.manifest.tables.find((x) => x.name === 'notifications')?.rows;
        const [{ n }] = (await dbh.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications')).rows;
        expect(n).toBe(inManifest);
      } finally {
        await dbh.close();
      }
    } finally {
      await target.drop();
    }
  }, 120_000);
});
