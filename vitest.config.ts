import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Sorts the test files into the two Vitest projects (docs/testing.md): `db`, the files that open a
 * database, which CI runs on both the embedded database and PostgreSQL, and `unit`, the rest, run once.
 *
 * The rule reads the code, so a new database test cannot land in `unit` by mistake: a test file is in
 * `db` when it, or any file it imports from src/ (followed through every relative or `@shared`/`@web`
 * import, static or dynamic, all the way down), names one of the ways to open a database (DB_MARKERS).
 * src/server/db/client.ts, where the openers are defined, is the one file not followed: importing it for
 * a type or a helper opens nothing; calling one of its openers names it, and that is what counts.
 */
const DB_MARKERS =
  /\b(createTestApp|freshDatabase|openPglite|openPostgres|openDatabase|PGlite|TEST_DATABASE_URL|pgTemplate|pgliteSnapshot)\b/;
const NOT_FOLLOWED = new Set(['src/server/db/client.ts']);
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)['"]([^'"]+)['"]/g;
const TEST_FILE = /\.test\.tsx?$/;
const MODULE_MOCK = /\bvi\.(mock|doMock)\(/;

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...listFiles(p));
    else if (TEST_FILE.test(name)) out.push(p);
  }
  return out;
}

function resolveImport(root: string, from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else if (spec.startsWith('@shared/')) base = path.join(root, 'src/shared', spec.slice(8));
  else if (spec.startsWith('@web/')) base = path.join(root, 'src/web', spec.slice(5));
  else return null; // a package: never a database opener of ours
  const stem = base.replace(/\.(m?js|tsx?)$/, '');
  for (const c of [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (existsSync(c) && statSync(c).isFile()) return c;
  }
  return null;
}

/** Test files (relative to root) by project. */
function splitTestFiles(root: string): { db: string[]; unit: string[] } {
  const memo = new Map<string, boolean>();
  const touchesDb = (file: string): boolean => {
    const known = memo.get(file);
    if (known !== undefined) return known;
    memo.set(file, false); // an import cycle: the other files of the cycle decide
    const text = readFileSync(file, 'utf8');
    let db = DB_MARKERS.test(text);
    for (const m of db ? [] : text.matchAll(IMPORT)) {
      const dep = resolveImport(root, file, m[1]);
      if (dep && !NOT_FOLLOWED.has(path.relative(root, dep)) && touchesDb(dep)) {
        db = true;
        break;
      }
    }
    memo.set(file, db);
    return db;
  };
  const db: string[] = [];
  const unit: string[] = [];
  for (const file of listFiles(path.join(root, 'src')).sort()) {
    (touchesDb(file) ? db : unit).push(path.relative(root, file));
  }
  // The db files share their worker's modules (not isolated, below): a module mock would reach the next file.
  const mocking = db.filter((f) => MODULE_MOCK.test(readFileSync(path.join(root, f), 'utf8')));
  if (mocking.length > 0) {
    throw new Error(
      `A test file that opens a database must not mock a module (vi.mock): ${mocking.join(', ')}`,
    );
  }
  return { db, unit };
}

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Two projects (docs/testing.md): `unit`, the test files that never open a database, and `db`, the ones
 * that do. `npm test` runs both; CI runs `db` a second
 * time on PostgreSQL. Only `db` prepares the migrated database (global-setup.ts).
 */
const files = splitTestFiles(r('.'));

// Vitest has its own config so it does not pick up the web app's Vite root.
export default defineConfig({
  resolve: { alias: { '@shared': r('./src/shared'), '@web': r('./src/web') } },
  test: {
    environment: 'node',
    pool: 'forks',
    // Two cores: one test file per core.
    maxWorkers: 2,
    fileParallelism: true,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      // Small pure files: worker threads start faster than processes.
      {
        extends: true,
        test: { name: 'unit', include: files.unit, pool: 'threads', sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: {
          name: 'db',
          include: files.db,
          globalSetup: ['./src/server/test/global-setup.ts'],
          // Each file builds its own app on its own database copy. The files of a worker share its loaded
          // modules (not isolated): importing the server's module graph afresh for every file was most of
          // the run's time. What a file changes in the test runtime (timers, spies, stubs) is undone when
          // it ends (file-isolation.ts); no db file mocks a module (checked above); the files run in a
          // shuffled order in CI, so a file that leans on another's leftovers shows. The db files run after
          // the unit files (groupOrder).
          isolate: false,
          setupFiles: ['./src/server/test/file-isolation.ts'],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
