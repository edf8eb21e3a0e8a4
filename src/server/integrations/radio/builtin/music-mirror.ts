import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  lchownSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import type { SystemUser } from './supervisor';

/** Audio files AutoDJ plays (the same extensions Liquidsoap's playlist picks up through ffmpeg). */
const AUDIO = /\.(mp3|ogg|oga|opus|flac|m4a|aac|wav)$/i;

/**
 * Where the engine's runtime folder goes when the app runs as root and the station user cannot reach
 * <DATA_DIR>/station (a checkout in root's private home folder): a folder of its own under `base`
 * (STATION_RUNTIME_BASE, default /var/lib/onair), one per DATA_DIR, owned by the station user.
 */
export function fallbackRuntimeDir(base: string, dataDir: string): string {
  const tag = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 12);
  return path.join(base, `station-${tag}`);
}

/**
 * Makes `dir` a folder that belongs to `user` alone: created when missing; refused when it is a symbolic
 * link or belongs to someone else (nobody may plant it for us).
 */
export function ownFolder(dir: string, user: SystemUser) {
  const base = path.dirname(dir);
  mkdirSync(base, { recursive: true, mode: 0o755 });
  // The base (STATION_RUNTIME_BASE) is ours: the station user must be able to pass through it, whatever
  // the app's umask made it (docs/operations/configuration.md#data_dir-is-private).
  const b = lstatSync(base);
  if (b.uid === process.getuid?.() && (b.mode & 0o011) !== 0o011) chmodSync(base, (b.mode & 0o7777) | 0o011);
  if (!existsSync(dir)) mkdirSync(dir, { mode: 0o700 });
  const st = lstatSync(dir);
  if (!st.isDirectory() || (st.uid !== user.uid && st.uid !== 0)) {
    throw new Error(`${dir} is not a folder of the station user's: remove it and start again`);
  }
  chownSync(dir, user.uid, user.gid);
}

/**
 * Gives `dir` and everything in it to `user` (links themselves, never what they point to): the runtime
 * folder holds the engine's own files, and one left by an earlier engine user (`nobody`) is taken over
 * at start. The music mirror is left out: its hard links are the music folder's own files.
 */
export function ownTree(dir: string, user: SystemUser) {
  const visit = (p: string) => {
    const st = lstatSync(p);
    if (st.uid !== user.uid || st.gid !== user.gid) lchownSync(p, user.uid, user.gid);
    if (!st.isDirectory()) return;
    for (const name of readdirSync(p)) if (p !== dir || name !== 'music') visit(path.join(p, name));
  };
  visit(dir);
}

export interface MirrorResult {
  linked: number;
  copied: number;
  removed: number;
}

/**
 * Mirrors the audio files of `source` (a folder the station user cannot traverse) into `target`, which
 * it can: a hard link where the file is readable by others and on the same disk (no space used, no
 * folder above it needs opening), otherwise a copy owned by the station user. Files gone from the source
 * are removed; unchanged ones are left alone, so a re-run costs one directory walk.
 */
export function mirrorMusic(source: string, target: string, user: SystemUser): MirrorResult {
  const out: MirrorResult = { linked: 0, copied: 0, removed: 0 };
  mkdirSync(target, { recursive: true, mode: 0o755 });
  chownSync(target, user.uid, user.gid);
  const wanted = new Set<string>();
  const walk = (rel: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(path.join(source, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const r = path.join(rel, e.name);
      if (e.isDirectory()) walk(r);
      else if (e.isFile() && AUDIO.test(e.name)) {
        // Flattened names keep sub-folders apart without creating folders in the mirror.
        const name = r.split(path.sep).join('__');
        wanted.add(name);
        const from = path.join(source, r);
        const to = path.join(target, name);
        const src = statSync(from);
        if (existsSync(to)) {
          const dst = statSync(to);
          if (dst.ino === src.ino || (dst.size === src.size && dst.mtimeMs >= src.mtimeMs)) continue;
          rmSync(to, { force: true });
        }
        const othersMayRead = (src.mode & 0o004) !== 0;
        const sameDisk = src.dev === statSync(target).dev;
        if (othersMayRead && sameDisk) {
          try {
            linkSync(from, to);
            out.linked += 1;
            continue;
          } catch {
            /* protected hard links or another reason: copy instead */
          }
        }
        copyFileSync(from, to);
        chownSync(to, user.uid, user.gid);
        out.copied += 1;
      }
    }
  };
  walk('');
  for (const name of readdirSync(target)) {
    if (!wanted.has(name)) {
      rmSync(path.join(target, name), { force: true });
      out.removed += 1;
    }
  }
  return out;
}

/**
 * Lets the station user read the media library when the app runs as root: DATA_DIR (`home`) becomes
 * traversable by the station user's group only (0710: no listing), the library's folders 2750 (new
 * folders and files inherit the group) and its files 0640. The database, the secrets and the backups in
 * DATA_DIR stay 0700/0600 (docs/operations/configuration.md#data_dir-is-private).
 */
export function shareLibraryWithEngine(home: string, mediaDir: string, user: SystemUser) {
  const grant = (p: string, mode: number) => {
    const st = lstatSync(p);
    if (st.isSymbolicLink()) return;
    if (st.gid !== user.gid) lchownSync(p, st.uid, user.gid);
    if ((st.mode & 0o7777) !== mode) chmodSync(p, mode);
  };
  if (path.dirname(path.resolve(mediaDir)) === path.resolve(home)) grant(home, 0o710);
  const visit = (p: string) => {
    const st = lstatSync(p);
    if (st.isSymbolicLink()) return;
    if (!st.isDirectory()) return grant(p, 0o640);
    grant(p, 0o2750);
    for (const name of readdirSync(p)) visit(path.join(p, name));
  };
  visit(mediaDir);
}
