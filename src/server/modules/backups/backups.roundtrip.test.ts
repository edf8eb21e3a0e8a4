import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../db/client';
import { seedDemo } from '../../demo/seed-demo';
import { appForFile } from '../../test/app-for-file';
import {
  backupTo,
  emptyPostgres,
  PG_URL,
  sameFiles,
  tmpDir,
  writeUploads,
} from '../../test/fixtures/backups';
import { tableChecksums } from './db-rows';
import { restoreBackup } from './restore';

let files: Map<string, Buffer>;
let before: Awaited<ReturnType<typeof tableChecksums>>;
let file: string;
const t = appForFile({
  env: () => {
    const music = tmpDir('music');
    writeFileSync(path.join(music, 'existing.mp3'), '');
    return { MUSIC_DIR: music };
  },
  timeout: 120_000,
});
beforeAll(async () => {
  await seedDemo(t.app);
  files = writeUploads(t.app.ctx.config.dataDir);
  before = await tableChecksums(t.dbh);
  file = path.join(tmpDir('bk'), 'station.tar.gz');
  await backupTo(t.dbh, t.app.ctx.config.dataDir, file);
}, 120_000);

const rowsOf = (c: typeof before) => Object.values(c).reduce((s, x) => s + x.rows, 0);

describe(`a backup of the demo station (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded'})`, () => {
  it('restores into an empty embedded DATA_DIR with every table equal, its files and its auth secret (and from there onto PostgreSQL)', async () => {
    expect(rowsOf(before)).toBeGreaterThan(10_000);
    const dataDir = tmpDir('restore');
    const r = await restoreBackup(file, { dataDir });
    expect(r.checksumDifferences).toEqual([]);
    const dbh = await openPglite(path.join(dataDir, 'db'));
    const embedded = path.join(tmpDir('bk-embedded'), 'from-embedded.tar.gz');
    try {
      expect(await tableChecksums(dbh)).toEqual(before);
      if (PG_URL) await backupTo(dbh, dataDir, embedded);
    } finally {
      await dbh.close();
    }
    expect(sameFiles(dataDir, files)).toBe(true);
    if (!PG_URL) return;
    // And from the embedded database onto PostgreSQL: the move a growing station makes.
    const target = await emptyPostgres(PG_URL);
    try {
      await restoreBackup(embedded, { dataDir: tmpDir('restore-onto-pg'), databaseUrl: target.url });
      const pgh = await target.open();
      try {
        expect(await tableChecksums(pgh)).toEqual(before);
      } finally {
        await pgh.close();
      }
    } finally {
      await target.drop();
    }
  }, 120_000);

  it.runIf(PG_URL)(
    'restores onto an empty PostgreSQL database, and from there back to the embedded one',
    async () => {
      const target = await emptyPostgres(PG_URL as string);
      try {
        const dataDir = tmpDir('restore-pg');
        const r = await restoreBackup(file, { dataDir, databaseUrl: target.url });
        expect(r.checksumDifferences).toEqual([]);
        const dbh = await target.open();
        const back = path.join(tmpDir('bk2'), 'from-pg.tar.gz');
        try {
          expect(await tableChecksums(dbh)).toEqual(before);
          await backupTo(dbh, dataDir, back);
        } finally {
          await dbh.close();
        }
        const home = tmpDir('restore-back');
        await restoreBackup(back, { dataDir: home });
        const again = await openPglite(path.join(home, 'db'));
        try {
          expect(await tableChecksums(again)).toEqual(before);
        } finally {
          await again.close();
        }
        expect(sameFiles(home, files)).toBe(true);
      } finally {
        await target.drop();
      }
    },
    90_000,
  );
});
