import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { openObjectStore } from './infra/storage/object-store-factory';

const base = () => ({
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'onair-cfg-')),
  AUTH_SECRET: 'x'.repeat(40),
});

describe('the S3 settings', () => {
  it('keep files in DATA_DIR without a bucket, and in the bucket with one', () => {
    const local = loadConfig(base());
    expect(openObjectStore(local, 'uploads')).toMatchObject({
      kind: 'local',
      location: path.join(local.dataDir, 'uploads'),
    });
    const s3 = loadConfig({
      ...base(),
      S3_BUCKET: 'station-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(s3).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
    expect(openObjectStore(s3, 'backups')).toMatchObject({
      kind: 's3',
      location: 's3://station-files/backups/',
    });
  });

  it.each([
    [{ S3_BUCKET: 'No_Such Bucket' }, 'S3_BUCKET: must be a bucket name'],
    [
      { S3_BUCKET: 'ok-bucket', S3_ENDPOINT: 'minio:9000' },
      'S3_ENDPOINT: must be an http:// or https:// address',
    ],
    [
      { S3_BUCKET: 'ok-bucket', S3_ACCESS_KEY_ID: 'key' },
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    ],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_ENDPOINT is set but S3_BUCKET is not'],
    [{ S3_BUCKET: 'ok-bucket', S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE'],
  ])('refuse %j at start, naming the setting', (env, message) => {
    expect(() => loadConfig({ ...base(), ...env })).toThrow(message);
  });
});
