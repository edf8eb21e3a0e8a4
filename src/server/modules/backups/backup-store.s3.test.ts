import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3Server } from '../../test/s3-server';
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
