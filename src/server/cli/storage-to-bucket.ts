import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase, queryRows } from '../db/client';
import { copyStore } from '../infra/storage/copy-store';
import { createLocalObjectStore } from '../infra/storage/local-object-store';
import { openObjectStore } from '../infra/storage/object-store-factory';
import { moveLibraryToBucket } from '../modules/media/tracks/library-to-bucket';
import { mediaDirOf } from '../modules/media/tracks/track-files';

/**
 * `npm run storage:to-bucket`: copies the uploads in DATA_DIR/uploads into the S3 bucket (S3_BUCKET and
 * the other S3_* settings, as the app reads them), so a station can move its files and keep every
 * /uploads/… URL; then moves the media library's uploaded audio (MEDIA_DIR) into the bucket's media
 * area, each track naming its bucket key once its bytes are there. Safe to run again: files already in
 * the bucket are counted, not copied. The local files are left in place. On the embedded database, run
 * it with the app stopped (one process opens it at a time).
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

  const lib = await moveLibrary(config);
  process.exit(r.failed.length + (lib?.failed.length ?? 0) > 0 ? 1 : 0);
}

/** The media library's audio: copied, checked, and each track then names its bucket key. */
async function moveLibrary(config: ReturnType<typeof loadConfig>) {
  if (!config.DATABASE_URL && !existsSync(path.join(config.dataDir, 'db'))) {
    console.log('No database in DATA_DIR: no media library to move.');
    return null;
  }
  const media = openObjectStore(config, 'media');
  const dbh = await openDatabase(config);
  let lib: Awaited<ReturnType<typeof moveLibraryToBucket>>;
  try {
    const [{ t }] = await queryRows<{ t: string | null }>(
      dbh.db,
      sql`SELECT to_regclass('media_tracks')::text AS t`,
    );
    if (!t) {
      console.log('The database has no media library yet: nothing to move.');
      return null;
    }
    console.log(`Moving the media library's audio (${mediaDirOf(config)}) → ${media.location}`);
    lib = await moveLibraryToBucket(dbh.db, media);
  } finally {
    await dbh.close();
  }
  console.log(
    `Moved ${lib.moved} track(s) (${(lib.movedBytes / 1_048_576).toFixed(1)} MB), ${lib.alreadyThere} already in the bucket, ${lib.failed.length} failed.`,
  );
  for (const f of lib.failed.slice(0, 20)) console.error(`  failed: ${f.file}: ${f.error}`);
  if (lib.failed.length > 20) console.error(`  … and ${lib.failed.length - 20} more`);
  return lib;
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
