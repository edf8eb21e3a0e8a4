import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { BackupRefused, MANIFEST_ENTRY, Manifest, tableEntry } from './backup-format';

type OnEntry = (name: string, body: AsyncIterable<Buffer>) => Promise<void>;

export const damaged = (file: string, why: string) =>
  new BackupRefused(
    `${file} is damaged or incomplete (${why}). Nothing was restored and nothing was changed.`,
  );

/** An entry the manifest does not list is never read, only refused. */
export const unlisted = (file: string, name: string) =>
  new BackupRefused(
    `${file} holds ${name}, which its manifest does not list: it is not a backup OnAir wrote. Nothing was restored and nothing was changed.`,
  );

/** The manifest is read into memory: far larger than any station's is refused. */
const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;

/** Reads every entry of a backup file in order; a broken gzip or tar stream is a refusal, not a crash. */
export async function scanArchive(file: string, onEntry: OnEntry): Promise<void> {
  const source = createReadStream(file);
  const gunzip = createGunzip();
  const extract = tar.extract();
  let streamError: Error | null = null;
  source.on('error', (err) => gunzip.destroy(err));
  gunzip.on('error', (err) => {
    streamError = err;
    extract.destroy(err);
  });
  source.pipe(gunzip);
  // The extractor is fed by hand so that the gunzip's end and errors reach it (no pipe between stream kinds).
  (async () => {
    try {
      for await (const chunk of gunzip) {
        if (!extract.write(chunk as Buffer)) {
          await new Promise<void>((resolve) => {
            const done = () => {
              extract.off('drain', done);
              extract.off('close', done);
              resolve();
            };
            extract.once('drain', done);
            extract.once('close', done);
          });
        }
      }
      extract.end();
    } catch (err) {
      extract.destroy(err as Error);
    }
  })();
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      // A backup holds plain files only: a link would be unpacked as something else than it says.
      if (type !== 'file') {
        throw new BackupRefused(
          `${file} holds ${name}, a ${type === 'symlink' ? 'symbolic link' : type === 'link' ? 'hard link' : `${type} entry`}; OnAir backups hold plain files only. Nothing was restored and nothing was changed.`,
        );
      }
      await onEntry(name, entry);
    }
  } catch (err) {
    if (err instanceof BackupRefused) throw err;
    const e = (streamError ?? err) as NodeJS.ErrnoException;
    if (e.code === 'ENOENT') throw new BackupRefused(`${file}: no such file.`);
    throw damaged(file, e.message || String(e));
  }
}

/**
 * Reads the whole file once and checks it before anything is touched: a gzip stream that ends early or
 * fails its CRC, a missing manifest, or an entry whose size or SHA-256 differs from the manifest's.
 */
export async function verifyBackup(file: string): Promise<Manifest> {
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | null = null;
  // Every entry is hashed as it streams by; only the manifest is kept, and only up to its limit.
  await scanArchive(file, async (name, body) => {
    if (seen.has(name) || (name === MANIFEST_ENTRY && manifestText !== null))
      throw damaged(file, `${name} appears twice`);
    const hash = createHash('sha256');
    let size = 0;
    const parts: Buffer[] = [];
    for await (const chunk of body) {
      hash.update(chunk);
      size += chunk.length;
      if (name === MANIFEST_ENTRY) {
        if (size > MANIFEST_MAX_BYTES) throw damaged(file, 'its manifest is far too large');
        parts.push(chunk);
      }
    }
    if (name === MANIFEST_ENTRY) manifestText = Buffer.concat(parts).toString('utf8');
    else seen.set(name, { size, sha256: hash.digest('hex') });
  });
  if (manifestText === null) {
    throw new BackupRefused(
      `${file} has no manifest: it is not an OnAir backup, or it is incomplete. Nothing was changed.`,
    );
  }
  let manifest: Manifest;
  try {
    manifest = Manifest.parse(JSON.parse(manifestText));
  } catch {
    throw new BackupRefused(`${file}: its manifest is not one OnAir can read. Nothing was changed.`);
  }
  if (manifest.formatVersion > 1) {
    throw new BackupRefused(
      `${file} was written by a newer version of OnAir (backup format ${manifest.formatVersion}).`,
    );
  }
  const listed = new Set(manifest.entries.map((e) => e.name));
  for (const name of seen.keys()) if (!listed.has(name)) throw unlisted(file, name);
  for (const e of manifest.entries) {
    const got = seen.get(e.name);
    if (!got) throw damaged(file, `${e.name} is missing`);
    if (got.size !== e.size || got.sha256 !== e.sha256)
      throw damaged(file, `${e.name} does not match its checksum`);
  }
  for (const t of manifest.tables) {
    const e = manifest.entries.find((x) => x.name === tableEntry(t.name));
    if (!e || e.sha256 !== t.sha256) throw damaged(file, `table ${t.name} does not match its checksum`);
  }
  return manifest;
}
