import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A real S3-compatible server for tests: s3rver (S3's REST API over a temporary folder) on a free port of
 * 127.0.0.1, with one empty bucket. `env` holds the app's settings pointing at it.
 */
export async function startS3Server(bucket = 'onair-test') {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'onair-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    /** Where s3rver keeps the bucket's objects on disk (to show nothing went to DATA_DIR instead). */
    dir,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    /** The same settings as loadConfig parses them (for openObjectStore and s3SettingsOf). */
    config: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: true,
    },
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type S3TestServer = Awaited<ReturnType<typeof startS3Server>>;
