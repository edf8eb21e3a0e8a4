import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../test/app-for-file';
import {
  archiveHeaders,
  craftBackup,
  emptyPostgres,
  PG_URL,
  sameFiles,
  tmpDir,
  writeUploads,
} from '../../test/fixtures/backups';
import { backupCommand, restoreCommand } from './backup-cli';
import { backupBeforeMigrate } from './before-upgrade';
import { CONTROL_FILE } from './control-file';

// Someone signed up, so the backup holds a member.
const t = appForFile({ admin: 'Someone', timeout: 60_000 });
let files: Map<string, Buffer>;
let file: string;
const lines: string[] = [];
const out = (l: string) => void lines.push(l);
const pgUrl = () => (t.dbh as { connectionString?: string }).connectionString;
const embedded = () => t.dbh.kind === 'pglite';

beforeAll(async () => {
  files = writeUploads(t.app.ctx.config.dataDir, 4);
  // A listening app on the embedded database opens its loopback endpoint for the command line.
  await t.listen();
  // The endpoint starts from an onListen hook, which runs just after listen() returns.
  const control = path.join(t.app.ctx.config.dataDir, CONTROL_FILE);
  for (let i = 0; i < 100 && embedded() && !existsSync(control); i++)
    await new Promise((r) => setTimeout(r, 50));
  file = path.join(tmpDir('cli'), 'station.tar.gz');
}, 60_000);

const emptyTarget = () => ({ dataDir: tmpDir('target'), DATABASE_URL: undefined });

describe('npm run backup and npm run restore', () => {
  it('backs up while the app runs (asking the app on the embedded database) and says what it wrote', async () => {
    const config = { dataDir: t.app.ctx.config.dataDir, DATABASE_URL: embedded() ? undefined : pgUrl() };
    if (embedded()) expect(existsSync(path.join(config.dataDir, CONTROL_FILE))).toBe(true);
    expect(await backupCommand([file], config, out)).toBe(0);
    const size = readFileSync(file).length;
    expect(lines[0]).toMatch(new RegExp(`^Wrote ${file}: .* \\(${size} bytes\\) in [\\d.]+ s$`));
    expect(lines[1]).toMatch(embedded() ? /taken by the running app/ : /PostgreSQL, read in one snapshot/);
    expect(lines[2]).toMatch(/^ {2}files: 4 /);
    expect(lines[3]).toBe('  settings: auth-secret');
    expect(existsSync(`${file}.partial`)).toBe(false);
  }, 60_000);

  it('writes the file and every entry in it readable by its owner only (0600)', async () => {
    expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
    const headers = await archiveHeaders(file);
    expect(headers.length).toBeGreaterThan(5);
    expect(headers.filter((h) => h.mode !== 0o600).map((h) => `${h.name} ${h.mode.toString(8)}`)).toEqual([]);
  });

  it('refuses to restore while the app runs on that DATA_DIR', async () => {
    if (!embedded()) return;
    lines.length = 0;
    expect(
      await restoreCommand([file], { dataDir: t.app.ctx.config.dataDir, DATABASE_URL: undefined }, out),
    ).toBe(1);
    expect(lines.at(-1)).toMatch(
      /^Restore refused: OnAir is running on .* \(process \d+\)\. Stop it, then restore\.$/,
    );
  });

  it('restores into an empty DATA_DIR, refuses it once it is not empty, and replaces it with --force', async () => {
    // On the embedded database's pass, into a new DATA_DIR; on PostgreSQL's, into a new database too.
    const pgTarget = embedded() ? null : await emptyPostgres(PG_URL as string);
    const target = { dataDir: tmpDir('target'), DATABASE_URL: pgTarget?.url };
    lines.length = 0;
    expect(await restoreCommand([file], target, out)).toBe(0);
    expect(lines.at(-2)).toMatch(
      /^Restored \d+ tables \(\d+ rows\) into (the embedded database .*|PostgreSQL) and 4 files in/,
    );
    expect(sameFiles(target.dataDir, files)).toBe(true);
    // (Every table's rows are compared in backups.roundtrip.test.ts; the restore itself counts them.)

    lines.length = 0;
    expect(await restoreCommand([file], target, out)).toBe(1);
    expect(lines.at(-1)).toMatch(
      /^Restore refused: The target is not empty: (.*db is not empty|the PostgreSQL database already holds \d+ tables or sequences); .*uploads is not empty\. Restore into an empty DATA_DIR and database, or add --force to replace what is there\.$/,
    );
    lines.length = 0;
    expect(await restoreCommand([file, '--force'], target, out)).toBe(0);
    expect(sameFiles(target.dataDir, files)).toBe(true);
    expect(readdirSync(target.dataDir).filter((n) => n.startsWith('.restore-'))).toEqual([]);
    await pgTarget?.drop();
  }, 240_000);

  it('refuses a damaged, a truncated or a foreign file with a clear message, and changes nothing', async () => {
    const bytes = readFileSync(file);
    const dir = tmpDir('bad');
    const damaged = Buffer.from(bytes);
    damaged[Math.floor(bytes.length / 2)] ^= 0xff;
    const cases: [string, Buffer, RegExp][] = [
      [
        'damaged.tar.gz',
        damaged,
        /is damaged or incomplete \(.+\)\. Nothing was restored and nothing was changed\.$/,
      ],
      ['truncated.tar.gz', bytes.subarray(0, Math.floor(bytes.length * 0.6)), /is damaged or incomplete/],
      ['not-a-backup.tar.gz', gzipSync(Buffer.from('hello')), /is damaged or incomplete|has no manifest/],
      ['photo.jpg', Buffer.from('JFIF....'), /is damaged or incomplete/],
    ];
    for (const [name, content, message] of cases) {
      writeFileSync(path.join(dir, name), content);
      const target = emptyTarget();
      lines.length = 0;
      expect(await restoreCommand([path.join(dir, name)], target, out)).toBe(1);
      expect(lines.at(-1)).toMatch(/^Restore refused: /);
      expect(lines.at(-1)).toMatch(message);
      expect(readdirSync(target.dataDir)).toEqual([]);
    }
    lines.length = 0;
    expect(await restoreCommand([path.join(dir, 'missing.tar.gz')], emptyTarget(), out)).toBe(1);
    expect(lines.at(-1)).toMatch(/no such file/);
  });

  it('refuses entries the manifest does not list, links, and a small file that unpacks huge, changing nothing', async () => {
    const dir = tmpDir('crafted');
    const plain = (name: string) => ({ name, mode: 0o600 });
    const cases: [string, Parameters<typeof craftBackup>[2], RegExp][] = [
      [
        'unlisted.tar.gz',
        [{ header: plain('db/profiles_extra.ndjson'), body: Buffer.from('{"id":"x"}\n') }],
        /holds db\/profiles_extra\.ndjson, which its manifest does not list: it is not a backup OnAir wrote\. Nothing was restored and nothing was changed\.$/,
      ],
      [
        'symlink.tar.gz',
        [{ header: { ...plain('files/uploads/passwd'), type: 'symlink', linkname: '/etc/passwd' } }],
        /holds files\/uploads\/passwd, a symbolic link; OnAir backups hold plain files only\. Nothing was restored and nothing was changed\.$/,
      ],
      [
        'hardlink.tar.gz',
        [{ header: { ...plain('files/uploads/secret'), type: 'link', linkname: 'settings/auth-secret' } }],
        /holds files\/uploads\/secret, a hard link; OnAir backups hold plain files only\./,
      ],
      [
        'bomb.tar.gz',
        [{ header: plain('files/uploads/zeros.bin'), zeros: 256 * 1024 * 1024 }],
        /holds files\/uploads\/zeros\.bin, which its manifest does not list/,
      ],
    ];
    for (const [name, extra, message] of cases) {
      const crafted = path.join(dir, name);
      await craftBackup(file, crafted, extra);
      if (name === 'bomb.tar.gz') expect(statSync(crafted).size).toBeLessThan(2 * 1024 * 1024);
      const target = emptyTarget();
      lines.length = 0;
      expect(await restoreCommand([crafted], target, out)).toBe(1);
      expect(lines.at(-1)).toMatch(/^Restore refused: /);
      expect(lines.at(-1)).toMatch(message);
      expect(readdirSync(target.dataDir)).toEqual([]);
    }
  }, 180_000);

  it('takes a backup before migrating when migrations are pending and the setting is on', async () => {
    const dataDir = tmpDir('upgrade');
    const log = { info: () => {} };
    expect(await backupBeforeMigrate(t.dbh, { dataDir, backupBeforeMigrate: true }, log)).toBeNull();
    // As if this database were one release behind: its last migration not yet applied.
    const { rows } = await t.dbh.query<{ id: number; hash: string; created_at: string }>(
      'DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations) RETURNING id, hash, created_at::text',
    );
    try {
      expect(await backupBeforeMigrate(t.dbh, { dataDir, backupBeforeMigrate: false }, log)).toBeNull();
      const id = await backupBeforeMigrate(t.dbh, { dataDir, backupBeforeMigrate: true }, log);
      expect(id).toMatch(/^before-upgrade-\d{8}-\d{6}-[0-9a-f]{4}$/);
      expect(existsSync(path.join(dataDir, 'backups', `${id}.tar.gz`))).toBe(true);
    } finally {
      const r = rows[0] as { id: number; hash: string; created_at: string };
      await t.dbh.query(
        'INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES ($1, $2, $3)',
        [r.id, r.hash, r.created_at],
      );
    }
  }, 60_000);
});
