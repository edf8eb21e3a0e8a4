// `npm run lint:deps`: the server's layering rules (.dependency-cruiser.cjs), checked by dependency-cruiser.
//
// Why a folder of its own: dependency-cruiser parses TypeScript with the `typescript` package's JavaScript
// compiler API. The project compiles with TypeScript 7, the native compiler, which has no such API, so
// dependency-cruiser runs here with the TypeScript 5 pinned in this folder's package-lock.json.
//
// When it can go: once the project's own `typescript` is one dependency-cruiser can load (a major below 7,
// or a TypeScript 7 that ships the JavaScript API again), add dependency-cruiser to the root
// devDependencies, point `lint:deps` at it and delete this folder. This script checks that on every run
// and says so.
//
// It installs from its lock (`npm ci`) on the first run and again whenever the lock changes.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const bin = path.join(here, 'node_modules', '.bin', 'depcruise');
const stamp = path.join(here, 'node_modules', '.lock-hash');
const lockHash = createHash('sha256')
  .update(readFileSync(path.join(here, 'package-lock.json')))
  .digest('hex');

if (!existsSync(bin) || !existsSync(stamp) || readFileSync(stamp, 'utf8') !== lockHash) {
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: here, stdio: 'inherit' });
  writeFileSync(stamp, lockHash);
}

function hasCompilerApi(tsDir) {
  try {
    const pkg = JSON.parse(readFileSync(path.join(tsDir, 'package.json'), 'utf8'));
    return Number.parseInt(pkg.version, 10) < 7 || existsSync(path.join(tsDir, 'lib', 'typescript.js'));
  } catch {
    return false;
  }
}
if (hasCompilerApi(path.join(root, 'node_modules', 'typescript'))) {
  console.log(
    "tools/depcruise can go: the project's own TypeScript has the compiler API dependency-cruiser needs " +
      '(see the top of tools/depcruise/run.mjs).',
  );
}

const run = spawnSync(bin, ['--config', '.dependency-cruiser.cjs', '--output-type', 'err', 'src'], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
