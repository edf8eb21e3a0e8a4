// `npm run lint:deps`: the server's layering rules (.dependency-cruiser.cjs), checked by dependency-cruiser.
// It runs from its own folder because it parses with TypeScript 5 (the project compiles with TypeScript 7,
// whose compiler it cannot load); the first run installs that folder.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const bin = path.join(here, 'node_modules', '.bin', 'depcruise');
if (!existsSync(bin)) {
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: here,
    stdio: 'inherit',
  });
}
const run = spawnSync(bin, ['--config', '.dependency-cruiser.cjs', '--output-type', 'err', 'src'], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
