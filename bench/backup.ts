/**
 * Backup and restore of the demo station plus N MB of uploads (incompressible, like photos and audio)
 * while 200 clients (another process) read from the app: the backup's time and size, the readers' p99 before and during
 * it, the restore's time onto each engine, and every table's row count and checksum after each restore.
 *   node --import tsx bench/backup.ts [uploadsMB=1024] [postgres://…/postgres]
 * With a PostgreSQL URL the station runs on a new database there (created and dropped by the bench) and
 * restores go to both engines; without it, the station runs embedded and restores go to both engines
 * when BENCH_PG_URL is set, else to the embedded one only.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../src/server/db/client';
import { seedDemo } from '../src/server/demo/seed-demo';
import { writeBackup } from '../src/server/modules/backups/backup-writer';
import { tableChecksums } from '../src/server/modules/backups/db-rows';
import { restoreBackup } from '../src/server/modules/backups/restore';
import { emptyPostgres } from '../src/server/test/fixtures/backups';
import { childMessage, percentile, startBenchApp } from './support';

// The 200 readers run in a child process (as browsers would be elsewhere): `readers URL`.
if (process.argv[2] === 'readers') {
  const base = process.argv[3] as string;
  const paths = ['/api/now-playing', '/api/news', '/api/schedule', '/healthz'];
  let stop = false;
  let latencies: number[] = [];
  let errors = 0;
  let ready = false;
  process.on('message', (m: { type: string }) => {
    if (m.type === 'mark') {
      latencies = [];
      errors = 0;
    } else if (m.type === 'report') {
      const sorted = [...latencies].sort((a, b) => a - b);
      process.send?.({
        type: 'report',
        n: sorted.length,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        errors,
      });
    } else if (m.type === 'stop') stop = true;
  });
  await Promise.all(
    Array.from({ length: 200 }, async (_, c) => {
      for (let i = c; !stop; i++) {
        const start = performance.now();
        try {
          const res = await fetch(`${base}${paths[i % paths.length]}`);
          await res.arrayBuffer();
          if (!res.ok) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - start);
        if (latencies.length === 200 && !ready) {
          ready = true;
          process.send?.({ type: 'ready' });
        }
      }
    }),
  );
  process.exit(0);
}

const uploadsMb = Number(process.argv[2] ?? 1024);
const pgBase = process.argv[3] ?? process.env.BENCH_PG_URL;
const sourceOnPg = Boolean(process.argv[3]);
const work = mkdtempSync(path.join(os.tmpdir(), 'onair-bench-backup-'));
const music = path.join(work, 'music');
mkdirSync(music);
writeFileSync(path.join(music, 'existing.mp3'), '');

const source = sourceOnPg && pgBase ? await emptyPostgres(pgBase) : null;
const { app, url } = await startBenchApp({
  MUSIC_DIR: music,
  AUTH_RATE_LIMIT_MAX: '100000',
  ...(source ? { DATABASE_URL: source.url } : {}),
});
const dataDir = app.ctx.config.dataDir;
let t0 = Date.now();
await seedDemo(app);
console.log(
  `engine: ${app.ctx.dbh.kind === 'pg' ? 'PostgreSQL' : 'embedded (PGlite)'}; demo seeded in ${Date.now() - t0} ms`,
);
t0 = Date.now();
const chunk = 4 * 1024 * 1024;
for (let i = 0; i < Math.ceil(uploadsMb / 4); i++) {
  const dir = path.join(dataDir, 'uploads', `bench-${i % 16}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `file-${i}.bin`), randomBytes(chunk));
}
console.log(`${uploadsMb} MB of uploads written in ${Date.now() - t0} ms`);

type Report = { n: number; p50: number; p99: number; errors: number };
const readersChild = fork(new URL(import.meta.url).pathname, ['readers', url], {
  execArgv: ['--import', 'tsx'],
});
const report = async () => {
  const r = childMessage<Report>(readersChild, 'report');
  readersChild.send({ type: 'report' });
  return r;
};
const fmt = (r: Report, s: number) =>
  `${r.n} reads (${(r.n / s).toFixed(0)}/s), p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms, errors ${r.errors}`;
await childMessage(readersChild, 'ready'); // the child started and the reads are warm
readersChild.send({ type: 'mark' });
await new Promise((r) => setTimeout(r, 5000));
const quiet = await report();

console.log(`readers alone, 5 s: ${fmt(quiet, 5)}`);

const before = await tableChecksums(app.ctx.dbh);
const rows = Object.values(before).reduce((s, x) => s + x.rows, 0);
const file = path.join(work, 'station.tar.gz');
readersChild.send({ type: 'mark' });
t0 = Date.now();
const summary = await writeBackup(app.ctx.dbh, dataDir, createWriteStream(file));
const backupMs = Date.now() - t0;
const load = await report();
readersChild.send({ type: 'stop' });
console.log(
  `backup: ${(backupMs / 1000).toFixed(1)} s, ${(statSync(file).size / 1024 ** 2).toFixed(1)} MB file; ${Object.keys(before).length} tables, ${rows} rows, ${summary.files} files (${(summary.fileBytes / 1024 ** 2).toFixed(0)} MB)`,
);
console.log(`readers during the backup: ${fmt(load, backupMs / 1000)}`);
await app.close();
await source?.drop();

const same = (a: typeof before, b: typeof before) => JSON.stringify(a) === JSON.stringify(b);
async function restoreOnto(kind: 'embedded' | 'PostgreSQL') {
  const target = kind === 'PostgreSQL' && pgBase ? await emptyPostgres(pgBase) : null;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'onair-bench-restore-'));
  const start = Date.now();
  const r = await restoreBackup(file, { dataDir: dir, databaseUrl: target?.url });
  const ms = Date.now() - start;
  const dbh = target ? await target.open() : await openPglite(path.join(dir, 'db'));
  const after = await tableChecksums(dbh);
  await dbh.close();
  await target?.drop();
  rmSync(dir, { recursive: true, force: true });
  const diff = Object.keys(before).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  console.log(
    `restore onto ${kind}: ${(ms / 1000).toFixed(1)} s (${r.rows} rows, ${r.files} files); every table's count and checksum equal: ${same(before, after) ? 'yes' : `NO (${diff.join(', ')})`}`,
  );
}
await restoreOnto('embedded');
if (pgBase) await restoreOnto('PostgreSQL');
rmSync(work, { recursive: true, force: true });
process.exit(0);
