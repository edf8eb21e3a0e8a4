import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder, found from wherever this code runs: the sources (src/server/...) or the server
 * bundle `npm start` builds (dist/server/main.mjs). Files the server reads beside its code (migrations,
 * station templates, the built web app) are located from it, never relative to a module.
 */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error('OnAir: the project folder (with package.json) was not found');
    dir = up;
  }
}

export const PROJECT_ROOT = findRoot();
export const fromRoot = (...parts: string[]) => path.join(PROJECT_ROOT, ...parts);
