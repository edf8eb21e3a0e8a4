import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the database, password hashes, sessions, the auth secret and backups: it is private to
 * the app's user, folders 0700 and files 0600, as PostgreSQL insists for its own data folder
 * (docs/operations/configuration.md#data_dir-is-private).
 */
export const PRIVATE_UMASK = 0o077;

/** The engine's runtime folder: the engine's user writes it, with its own modes (docs/operations/engine.md). */
export const ENGINE_RUNTIME_FOLDER = 'station';

/**
 * Every file this process creates from now on is its user's only. Worker threads cannot change the
 * process's mask (the test runner's threads): there the explicit modes and the walk below still hold.
 */
export function applyPrivateUmask() {
  try {
    process.umask(PRIVATE_UMASK);
  } catch {
    /* a worker thread */
  }
}

/**
 * Takes group and others' rights off `root` and everything under it (folders 0700, files 0600 when
 * they were wider), except the paths in `except`. Symbolic links are neither followed nor changed.
 * Returns how many entries it changed.
 */
export function makePrivate(root: string, except: string[] = []): number {
  const skip = new Set(except.map((p) => path.resolve(p)));
  let changed = 0;
  const visit = (p: string) => {
    if (skip.has(p)) return;
    let st: import('node:fs').Stats;
    try {
      st = lstatSync(p);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    if (st.isSymbolicLink()) return;
    const mode = st.mode & 0o7777;
    if (mode & PRIVATE_UMASK) {
      chmodSync(p, mode & ~PRIVATE_UMASK);
      changed += 1;
    }
    if (st.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
  };
  visit(path.resolve(root));
  return changed;
}

/**
 * At start: DATA_DIR exists, is 0700, and what an earlier version left readable by others is closed
 * (the engine's runtime folder excepted); new files are private from then on.
 */
export function keepDataPrivate(dataDir: string): number {
  applyPrivateUmask();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return makePrivate(dataDir, [path.join(dataDir, ENGINE_RUNTIME_FOLDER)]);
}

/**
 * Is `dir` shared with a group (its setgid bit: the media library when the engine runs as its own user,
 * docs/operations/engine.md)? Files added to it are then made readable by that group.
 */
export function sharedWithGroup(dir: string): boolean {
  try {
    return (statSync(dir).mode & 0o2000) !== 0;
  } catch {
    return false;
  }
}
