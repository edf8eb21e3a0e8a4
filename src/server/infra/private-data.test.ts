/**
 * DATA_DIR is private to the app's user: a fresh station, a restored one and an older one fixed at start
 * hold no file or folder that group or others may read (docs/operations/configuration.md#data_dir-is-private).
 * The engine's runtime folder (DATA_DIR/station) is written by the engine's user and is left alone.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client';
import { restoreBackup } from '../modules/backups/restore';
import { tmpDir } from '../test/fixtures/backups';
import { createTestApp, type Member, memberWith, postPicture, type TestApp } from '../test/test-app';
import { ENGINE_RUNTIME_FOLDER, keepDataPrivate } from './private-data';

/** Every entry under `root` that group or others may read, write or enter (the runtime folder excepted). */
function openToOthers(root: string): string[] {
  const out: string[] = [];
  const visit = (p: string) => {
    const st = lstatSync(p);
    if (st.isSymbolicLink()) return;
    if (st.mode & 0o077) out.push(`${path.relative(root, p) || '.'} ${(st.mode & 0o777).toString(8)}`);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) {
        if (p === root && name === ENGINE_RUNTIME_FOLDER) continue;
        visit(path.join(p, name));
      }
    }
  };
  visit(root);
  return out;
}

/** A station as main.ts starts one: DATA_DIR made private, then the embedded database in DATA_DIR/db. */
async function startStation(dataDir: string) {
  keepDataPrivate(dataDir);
  const dbh = await openPglite(path.join(dataDir, 'db'));
  const t = await createTestApp({ env: { DATA_DIR: dataDir }, db: dbh, deps: { skipMigrations: false } });
  return {
    t,
    async close() {
      await t.close();
      await dbh.close();
    },
  };
}

let picture: Buffer;
beforeAll(async () => {
  picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#e76f51' } })
    .png()
    .toBuffer();
});

async function exerciseStation(t: TestApp) {
  const admin: Member = await memberWith(t, 'admin', [], 'Private Admin');
  const up = await postPicture(admin, picture);
  expect(up.statusCode, up.body).toBe(200);
  const made = await admin.post('/api/admin/backups');
  expect(made.statusCode, made.body).toBe(201);
  await t.listen();
  return made.json().backup.id as string;
}

describe('DATA_DIR is private to the app user', { shuffle: false }, () => {
  const fresh = tmpDir('private-fresh');
  const restored = tmpDir('private-restored');
  let backupId = '';

  it('a fresh station: the database, uploads, backups and control file are 0600 in 0700 folders', async () => {
    const station = await startStation(fresh);
    try {
      backupId = await exerciseStation(station.t);
      expect(readdirSync(path.join(fresh, 'db')).length).toBeGreaterThan(5);
      expect(openToOthers(fresh)).toEqual([]);
    } finally {
      await station.close();
    }
    expect(openToOthers(fresh)).toEqual([]);
    expect(statSync(fresh).mode & 0o777).toBe(0o700);
  }, 120_000);

  it('a restored station: private once restored, and once started', async () => {
    await restoreBackup(path.join(fresh, 'backups', `${backupId}.tar.gz`), { dataDir: restored });
    expect(readdirSync(path.join(restored, 'uploads')).length).toBeGreaterThan(0);
    expect(openToOthers(restored)).toEqual([]);
    const station = await startStation(restored);
    try {
      await exerciseStation(station.t);
      expect(openToOthers(restored)).toEqual([]);
    } finally {
      await station.close();
    }
    expect(openToOthers(restored)).toEqual([]);
  }, 180_000);

  it('an older station is closed at start, the engine runtime folder left as the engine keeps it', () => {
    const old = tmpDir('private-old');
    // As an earlier version left it (explicit modes: this process's umask may already be private).
    const made: [string, 'dir' | 'file', number][] = [
      ['db', 'dir', 0o755],
      ['db/base', 'dir', 0o755],
      ['db/base/pg_control', 'file', 0o666],
      ['uploads', 'dir', 0o755],
      ['uploads/avatars', 'dir', 0o755],
      ['uploads/avatars/a.webp', 'file', 0o644],
      [ENGINE_RUNTIME_FOLDER, 'dir', 0o755],
      [`${ENGINE_RUNTIME_FOLDER}/hls`, 'dir', 0o755],
      [`${ENGINE_RUNTIME_FOLDER}/hls/live.m3u8`, 'file', 0o644],
    ];
    chmodSync(old, 0o755);
    for (const [rel, kind, mode] of made) {
      const p = path.join(old, rel);
      if (kind === 'dir') mkdirSync(p);
      else writeFileSync(p, 'x');
      chmodSync(p, mode);
    }
    const hls = path.join(old, ENGINE_RUNTIME_FOLDER, 'hls');
    expect(openToOthers(old).length).toBeGreaterThanOrEqual(5);

    expect(keepDataPrivate(old)).toBeGreaterThanOrEqual(5);
    expect(openToOthers(old)).toEqual([]);
    expect(statSync(path.join(old, 'db', 'base', 'pg_control')).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(old, 'uploads', 'avatars')).mode & 0o777).toBe(0o700);
    expect(statSync(hls).mode & 0o777).toBe(0o755);
    expect(statSync(path.join(hls, 'live.m3u8')).mode & 0o777).toBe(0o644);
  });
});
