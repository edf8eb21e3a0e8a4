/**
 * Memory of a backup and a restore of one large table: N rows of system_logs, each with a message of B
 * bytes (defaults 200,000 × 2,800: about 600 MB of JSON, over V8's 512 MB string limit). Prints the
 * table's size in the backup, each step's time, and the process's peak JS heap and resident memory above
 * where they stood before the step (sampled every 50 ms).
 *   node --import tsx bench/restore-memory.ts [rows=200000] [bytesPerRow=2800]
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../src/server/db/client';
import { tableEntry } from '../src/server/modules/backups/backup-format';
import { writeBackup } from '../src/server/modules/backups/backup-writer';
import { restoreBackup } from '../src/server/modules/backups/restore';

const rows = Number(process.argv[2] ?? 200_000);
const bytesPerRow = Number(process.argv[3] ?? 2800);
const work = mkdtempSync(path.join(os.tmpdir(), 'onair-bench-restore-'));
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

/** Runs `step` while sampling memory; returns its result, time and peak growth of heap and RSS. */
async function measured<T>(what: string, step: () => Promise<T>): Promise<T> {
  global.gc?.();
  const before = process.memoryUsage();
  let heap = before.heapUsed;
  let rss = before.rss;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    heap = Math.max(heap, m.heapUsed);
    rss = Math.max(rss, m.rss);
  }, 50);
  const started = performance.now();
  try {
    return await step();
  } finally {
    clearInterval(timer);
    console.log(
      `${what}: ${((performance.now() - started) / 1000).toFixed(1)} s; peak JS heap +${mb(heap - before.heapUsed)}, peak RSS +${mb(rss - before.rss)} (heap before ${mb(before.heapUsed)}, RSS before ${mb(before.rss)})`,
    );
  }
}

const source = path.join(work, 'source');
const dbh = await openPglite(path.join(source, 'db'));
await dbh.migrate();
await measured(`filling system_logs with ${rows} rows of ${bytesPerRow} bytes`, async () => {
  const perRound = 20_000;
  for (let i = 0; i < rows; i += perRound) {
    await dbh.query(
      `INSERT INTO system_logs (log_level, component, message)
       SELECT 'info', 'bench', left(repeat(md5(g::text), $2::int / 32 + 1), $2::int)
       FROM generate_series($1::int, $1::int + $3::int - 1) g`,
      [i, bytesPerRow, Math.min(perRound, rows - i)],
    );
  }
});

const file = path.join(work, 'big.tar.gz');
const summary = await measured('backup', () => writeBackup(dbh, source, createWriteStream(file)));
await dbh.close();
const entry = summary.manifest.entries.find((e) => e.name === tableEntry('system_logs'));
console.log(
  `backup file ${mb(statSync(file).size)}; system_logs in it: ${summary.manifest.tables.find((t) => t.name === 'system_logs')?.rows} rows, ${mb(entry?.size ?? 0)} of JSON`,
);

const target = path.join(work, 'target');
const restored = await measured('restore', () => restoreBackup(file, { dataDir: target }));
console.log(
  `restored ${restored.rows} rows in ${restored.tables} tables; read-back checksum differences: ${restored.checksumDifferences.length === 0 ? 'none' : restored.checksumDifferences.join(', ')}`,
);
rmSync(work, { recursive: true, force: true });
