import path from 'node:path';
import { loadConfig } from '../config';
import { copyStore } from '../infra/storage/copy-store';
import { createLocalObjectStore } from '../infra/storage/local-object-store';
import { openObjectStore } from '../infra/storage/object-store-factory';

/**
 * `npm run storage:to-bucket`: copies the uploads in DATA_DIR/uploads into the S3 bucket (S3_BUCKET and
 * the other S3_* settings, as the app reads them), so a station can move its files and keep every
 * /uploads/… URL. Safe to run again: files already in the bucket are counted, not copied. The local
 * files are left in place.
 */
async function main() {
  const config = loadConfig();
  if (!config.S3_BUCKET) {
    console.error(
      'S3_BUCKET is not set: set the bucket settings the app will use (docs/operations/storage-s3.md).',
    );
    process.exit(2);
  }
  const from = createLocalObjectStore(path.join(config.dataDir, 'uploads'));
  const to = openObjectStore(config, 'uploads');
  console.log(`Copying ${from.location} → ${to.location}`);
  const started = Date.now();
  const r = await copyStore(from, to);
  const mb = (r.copiedBytes / 1_048_576).toFixed(1);
  console.log(
    `Copied ${r.copied} file(s) (${mb} MB), ${r.alreadyThere} already in the bucket, ${r.failed.length} failed, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  for (const f of r.failed.slice(0, 20)) console.error(`  failed: ${f.key}: ${f.error}`);
  if (r.failed.length > 20) console.error(`  … and ${r.failed.length - 20} more`);
  process.exit(r.failed.length > 0 ? 1 : 0);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
