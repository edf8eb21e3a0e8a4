import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES_TEXTS } from '../../../shared/texts/common';
import { type S3TestServer, startS3Server } from '../../test/s3-server';
import { createTestApp, signUpMember } from '../../test/test-app';
import { createBackups } from './backups.service';

/** With S3_BUCKET set, backups are kept in the bucket (prefix backups/), not on the server's disk. */
describe('backups in an S3-compatible bucket (s3rver)', () => {
  let s3: S3TestServer;
  let dataDir: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'onair-backups-s3-'));
  });
  afterAll(async () => {
    await s3.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores, lists, reads back and deletes a backup in the bucket', async () => {
    const { store } = createBackups({ ...s3.config, dataDir });
    const stored = await store.put(
      'manual-20261126-010000-ab12',
      Readable.from([Buffer.from('backup bytes')]),
    );
    expect(stored.sizeBytes).toBe(12);

    const listed = await store.list();
    expect(listed.map((b) => [b.id, b.sizeBytes])).toEqual([['manual-20261126-010000-ab12', 12]]);
    // A second instance with the same settings sees the same backup.
    const other = createBackups({ ...s3.config, dataDir: mkdtempSync(path.join(os.tmpdir(), 'onair-b2-')) });
    const read = await other.store.get('manual-20261126-010000-ab12');
    expect(read && (await text(read.body))).toBe('backup bytes');
    // Nothing went to the local folder.
    expect(await createBackups({ ...s3.config, S3_BUCKET: undefined, dataDir }).store.list()).toEqual([]);

    expect(await store.get('../etc/passwd')).toBeNull();
    await store.delete('manual-20261126-010000-ab12');
    expect(await store.list()).toEqual([]);
  });
});

describe('a bucket that cannot be reached', () => {
  it('the backup routes answer 503 with the uploads message, and the app keeps working', async () => {
    const closed = await startS3Server();
    await closed.close();
    const t = await createTestApp({ env: { ...closed.env } });
    try {
      const admin = await signUpMember(t.app, 'Bucketless Admin');
      await t.dbh.query("UPDATE profiles SET role = 'admin' WHERE id = $1", [admin.userId]);
      const calls: [string, () => ReturnType<typeof admin.get>][] = [
        ['list', () => admin.get('/api/admin/backups')],
        ['back up now', () => admin.post('/api/admin/backups')],
        ['download', () => admin.get('/api/admin/backups/manual-20261126-010000-ab12')],
        // The failed backup left nothing running: a second one is tried (503 again), not refused as busy.
        ['back up again', () => admin.post('/api/admin/backups')],
      ];
      for (const [what, call] of calls) {
        const res = await call();
        expect(`${what} ${res.statusCode} ${res.json().error?.message}`).toBe(
          `${what} 503 ${FILES_TEXTS.storeUnavailable}`,
        );
      }
      // The database is free again (the backup's snapshot did not stay open).
      expect((await admin.get('/api/admin/backup-schedule')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  }, 120_000);
});
