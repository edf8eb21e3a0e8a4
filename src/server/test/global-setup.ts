import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres } from '../db/client';

/**
 * Prepares one migrated database that every test file copies: a PGlite data-dir snapshot, or (with
 * TEST_DATABASE_URL) a PostgreSQL template database. The snapshot is an uncompressed tar: gunzipping its
 * 44 MB for every file's copy was a third of the copy's CPU (about 1.5 → 1.1 CPU-seconds a file on the
 * 2-core CI machine).
 */
export const SNAPSHOT = path.resolve('.tmp/test-db/pglite-migrated.tar');
export const TEMPLATE_DB = `onair_tpl_${process.pid}`;

export default async function setup({ provide }: { provide: (key: string, value: unknown) => void }) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    const u = new URL(url);
    u.pathname = `/${TEMPLATE_DB}`;
    const h = await openPostgres(u.toString(), 2);
    await h.migrate();
    await h.close();
    provide('pgTemplate', TEMPLATE_DB);
    console.log(
      `[tests] running on PostgreSQL (${u.host}), template database ${TEMPLATE_DB}, Node ${process.version}`,
    );
    return async () => {
      // Drop the per-file databases left by crashed workers, then the template.
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'onair_t_${process.pid}_%'`,
      );
      for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
      await admin.end();
    };
  }
  const h = await openPglite(null);
  await h.migrate();
  const dump = await h.pglite!.dumpDataDir('none');
  mkdirSync(path.dirname(SNAPSHOT), { recursive: true });
  writeFileSync(SNAPSHOT, Buffer.from(await dump.arrayBuffer()));
  await h.close();
  provide('pgTemplate', '');
  provide('pgliteSnapshot', SNAPSHOT);
  provide('runId', String(process.pid));
  console.log(`[tests] running on the embedded database (PGlite), Node ${process.version}`);
}
