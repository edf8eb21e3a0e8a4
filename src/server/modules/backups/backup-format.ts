import { z } from 'zod';

/**
 * What an OnAir backup file holds, and how it is laid out (docs/operations/backups.md).
 *
 * Why a logical, engine-neutral dump rather than `pg_dump` (custom format) or PGlite's data-folder dump:
 * a station moves from the embedded database to PostgreSQL as it grows, and back for a small machine.
 * `pg_dump` files restore only onto PostgreSQL of a compatible version (PGlite is PostgreSQL 18, the
 * servers operators run are often 15 or 16), need the client tools installed, and PGlite's own dump is a
 * copy of its data folder that only PGlite can open. Rows written as JSON, one table at a time, read in
 * one snapshot and loaded through `json_populate_recordset`, restore onto either engine of any supported
 * version; the schema itself comes from the app's own migrations, replayed up to the migration the
 * backup was taken at, so the tables are exactly the ones the app expects.
 *
 * Layout (a gzipped tar):
 *   db/<table>.ndjson   one JSON object per line, the table's rows, sorted by their JSON text
 *   db/sequences.json   the sequences' positions
 *   files/<folder>/...  the files under DATA_DIR in BACKUP_FOLDERS
 *   settings/<name>     settings kept in DATA_DIR (the generated auth secret)
 *   manifest.json       last: what the file holds, with every entry's size and SHA-256
 */
export const BACKUP_FORMAT = 'onair-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const BACKUP_EXTENSION = '.tar.gz';

/** The folders under DATA_DIR a backup carries (uploads today; media and recordings once they exist). */
export const BACKUP_FOLDERS = ['uploads', 'media', 'recordings'] as const;

/** Settings files in DATA_DIR that a restore needs (the auth secret generated on first start). */
export const BACKUP_SETTINGS_FILES = ['auth-secret'] as const;

export const MANIFEST_ENTRY = 'manifest.json';
export const SEQUENCES_ENTRY = 'db/sequences.json';
export const tableEntry = (table: string) => `db/${table}.ndjson`;

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const ManifestTable = z.object({
  name: z.string(),
  rows: z.number().int().min(0),
  /** SHA-256 of the table's entry (its rows, one JSON text per line, sorted). */
  sha256: Sha256,
});

export const ManifestEntry = z.object({ name: z.string(), size: z.number().int().min(0), sha256: Sha256 });

export const Manifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int(),
  appVersion: z.string(),
  createdAt: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'pg']),
    /** The last migration applied when the backup was taken (its tag and journal time). */
    migration: z.object({ tag: z.string(), when: z.number() }),
  }),
  tables: z.array(ManifestTable),
  sequences: z.array(z.object({ name: z.string(), value: z.string(), isCalled: z.boolean() })),
  /** Every entry of the archive but the manifest itself. */
  entries: z.array(ManifestEntry),
});
export type Manifest = z.infer<typeof Manifest>;

/** A backup that cannot be used: the CLI prints the message and changes nothing. */
export class BackupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefused';
  }
}
