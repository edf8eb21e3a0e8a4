import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3Server } from '../../test/s3-server';
import { createTestApp } from '../../test/test-app';
import { copyStore } from './copy-store';
import { createLocalObjectStore } from './local-object-store';
import { s3SettingsOf } from './object-store-factory';
import { createS3ObjectStore } from './s3-object-store';

const run = promisify(execFile);

let s3: S3TestServer;
let dataDir: string;
const files: Record<string, Buffer> = {
  'avatars/pia-0123456789ab.webp': randomBytes(2_000),
  'carousel/slide-a1b2c3d4e5f6.webp': randomBytes(300_000),
  'carousel/slide-ffffffffffff.webp': randomBytes(10),
};
beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'onair-move-'));
  for (const [key, bytes] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dataDir, 'uploads', key)), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', key), bytes);
  }
  // A half-written temporary file is not an upload.
  writeFileSync(path.join(dataDir, 'uploads', 'avatars', '.x-1.webp.abc.tmp'), 'partial');
});
afterAll(async () => {
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The command as an operator runs it. */
async function toBucket(env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run('npm', ['run', '-s', 'storage:to-bucket'], {
      cwd: path.resolve(__dirname, '../../..'),
      // Only what an operator's shell would hold (Vitest puts its own variables, BASE_URL among them, in process.env).
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATA_DIR: dataDir,
        AUTH_SECRET: 'x'.repeat(40),
        ...env,
      },
      timeout: 60_000,
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe('npm run storage:to-bucket', () => {
  it('copies the local uploads into the bucket once, and the same URLs then work from the bucket', async () => {
    const first = await toBucket(s3.env);
    expect(first.code, first.out).toBe(0);
    expect(first.out).toMatch(/Copied 3 file\(s\) \(0\.3 MB\), 0 already in the bucket, 0 failed/);

    const again = await toBucket(s3.env);
    expect(again.code, again.out).toBe(0);
    expect(again.out).toMatch(/Copied 0 file\(s\) \(0\.0 MB\), 3 already in the bucket, 0 failed/);

    writeFileSync(path.join(dataDir, 'uploads', 'avatars', 'new-aaaaaaaaaaaa.webp'), randomBytes(50));
    const more = await toBucket(s3.env);
    expect(more.out).toMatch(/Copied 1 file\(s\) \(0\.0 MB\), 3 already in the bucket, 0 failed/);

    // An instance with the bucket and an empty DATA_DIR of its own serves the moved files at their old URLs.
    const t = await createTestApp({ env: s3.env });
    try {
      for (const [key, bytes] of Object.entries(files)) {
        const res = await t.app.inject({ method: 'GET', url: `/uploads/${key}` });
        expect(res.statusCode, key).toBe(200);
        expect(res.rawPayload.equals(bytes), key).toBe(true);
      }
    } finally {
      await t.close();
    }
  }, 120_000);

  it('refuses to run without a bucket', async () => {
    const res = await toBucket({});
    expect(res.code).toBe(2);
    expect(res.out).toContain('S3_BUCKET is not set');
  }, 60_000);
});

describe('copyStore', () => {
  it('counts what it could not copy, and copies it on the next run', async () => {
    const from = createLocalObjectStore(path.join(dataDir, 'uploads'));
    const closed = await startS3Server();
    await closed.close();
    const settings = s3SettingsOf({ ...s3.config, S3_ENDPOINT: closed.endpoint }, 'backups');
    const unreachable = createS3ObjectStore(settings!);
    const failed = await copyStore(from, unreachable, { prefix: 'carousel/' });
    expect(failed).toMatchObject({ copied: 0, alreadyThere: 0 });
    expect(failed.failed.map((f) => f.key).sort()).toEqual([
      'carousel/slide-a1b2c3d4e5f6.webp',
      'carousel/slide-ffffffffffff.webp',
    ]);

    const reachable = createS3ObjectStore(s3SettingsOf(s3.config, 'backups')!);
    const ok = await copyStore(from, reachable, { prefix: 'carousel/' });
    expect(ok).toEqual({ copied: 2, copiedBytes: 300_010, alreadyThere: 0, failed: [] });
  }, 60_000);
});
