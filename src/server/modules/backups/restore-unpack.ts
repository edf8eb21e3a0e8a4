import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import {
  BACKUP_FOLDERS,
  BACKUP_SETTINGS_FILES,
  BackupRefused,
  MANIFEST_ENTRY,
  type Manifest,
  SEQUENCES_ENTRY,
  tableEntry,
} from './backup-format';
import { damaged, scanArchive, unlisted } from './backup-reader';
import type { SequencePosition } from './db-rows';

/** Sequences and settings are read into memory: an entry larger than this is not one OnAir wrote. */
const SMALL_ENTRY_MAX_BYTES = 16 * 1024 * 1024;

export interface Unpacked {
  files: number;
  sequences: SequencePosition[];
  /** The table's rows, one JSON text a line, read as they stream from the staged copy. */
  rowsOf(table: string): AsyncIterable<string>;
}

/**
 * Unpacks a verified backup into `staging` (docs/operations/backups.md#restore): only the entries its
 * manifest lists, each streamed to disk and checked against its size and SHA-256 as it goes (the file
 * may have changed since it was verified). Table rows are spooled to files and read back a line at a
 * time, so no entry is ever held whole in memory.
 */
export async function unpackBackup(file: string, manifest: Manifest, staging: string): Promise<Unpacked> {
  const listed = new Map(manifest.entries.map((e) => [e.name, e]));
  const tables = new Set(manifest.tables.map((t) => tableEntry(t.name)));
  const rowsDir = path.join(staging, 'rows');
  await mkdir(rowsDir, { recursive: true, mode: 0o700 });
  const index = new Map(manifest.entries.map((e, i) => [e.name, i]));
  const rowsFile = (name: string) => path.join(rowsDir, `${index.get(name)}.ndjson`);
  let files = 0;
  let sequences: SequencePosition[] = [];

  await scanArchive(file, async (name, body) => {
    if (name === MANIFEST_ENTRY) {
      for await (const _ of body) {
        /* read in verifyBackup */
      }
      return;
    }
    const entry = listed.get(name);
    if (!entry) throw unlisted(file, name);
    const hash = createHash('sha256');
    let size = 0;
    // Counts and hashes what streams by; more bytes than the manifest says is refused at once.
    const checked = async function* () {
      for await (const chunk of body) {
        size += chunk.length;
        if (size > entry.size) throw damaged(file, `${name} is longer than its manifest says`);
        hash.update(chunk);
        yield chunk;
      }
    };
    const done = () => {
      if (size !== entry.size || hash.digest('hex') !== entry.sha256)
        throw damaged(file, `${name} does not match its checksum`);
    };
    if (name.startsWith('files/')) {
      const rel = name.slice('files/'.length);
      const out = path.resolve(staging, 'files', rel);
      if (
        !out.startsWith(path.join(staging, 'files') + path.sep) ||
        !BACKUP_FOLDERS.some((f) => rel.startsWith(`${f}/`))
      ) {
        throw new BackupRefused(
          `${file} names a file outside the data folders (${name}); it was not restored.`,
        );
      }
      await mkdir(path.dirname(out), { recursive: true, mode: 0o700 });
      await pipeline(checked(), createWriteStream(out, { mode: 0o600 }));
      done();
      files += 1;
      return;
    }
    if (tables.has(name)) {
      await pipeline(checked(), createWriteStream(rowsFile(name), { mode: 0o600 }));
      done();
      return;
    }
    if (entry.size > SMALL_ENTRY_MAX_BYTES) throw damaged(file, `${name} is far too large`);
    const parts: Buffer[] = [];
    for await (const chunk of checked()) parts.push(chunk);
    done();
    const bytes = Buffer.concat(parts);
    if (name === SEQUENCES_ENTRY) {
      try {
        sequences = JSON.parse(bytes.toString('utf8')) as SequencePosition[];
      } catch {
        throw damaged(file, `${name} is not JSON`);
      }
    } else if (name.startsWith('settings/')) {
      const setting = name.slice('settings/'.length);
      if ((BACKUP_SETTINGS_FILES as readonly string[]).includes(setting)) {
        await mkdir(path.join(staging, 'settings'), { recursive: true, mode: 0o700 });
        await writeFile(path.join(staging, 'settings', setting), bytes, { mode: 0o600 });
      }
    }
  });

  return {
    files,
    sequences,
    async *rowsOf(table: string) {
      const name = tableEntry(table);
      if (!tables.has(name)) return;
      const lines = createInterface({ input: createReadStream(rowsFile(name)), crlfDelay: Infinity });
      for await (const line of lines) if (line) yield line;
    },
  };
}
