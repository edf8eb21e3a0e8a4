import path from 'node:path';
import type { Config } from '../../config';
import { createLocalObjectStore } from './local-object-store';
import type { ObjectStore } from './object-store';
import { createS3ObjectStore, type S3Settings } from './s3-object-store';

/** The parts of the app that keep files, each in its own area: DATA_DIR/<area> or the bucket's <area>/ prefix. */
export type StoreArea = 'uploads' | 'backups' | 'media' | 'recordings';

type S3Config = Pick<
  Config,
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/** The bucket settings, or null when S3_BUCKET is not set (files stay in DATA_DIR). */
export function s3SettingsOf(config: S3Config, area: StoreArea): S3Settings | null {
  if (!config.S3_BUCKET) return null;
  return {
    bucket: config.S3_BUCKET,
    prefix: `${area}/`,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}

/** The store for one area: the bucket when S3_BUCKET is set, else the folder DATA_DIR/<area>. */
export function openObjectStore(config: S3Config & Pick<Config, 'dataDir'>, area: StoreArea): ObjectStore {
  const s3 = s3SettingsOf(config, area);
  return s3 ? createS3ObjectStore(s3) : createLocalObjectStore(path.join(config.dataDir, area));
}
