/**
 * `npm start`: builds only what is missing or out of date, then runs the server in this process.
 *
 * - The web app (Vite → dist/web) when dist/web is missing or its sources changed (skipped when
 *   SERVE_WEB=false). The build runs as a separate process, so its memory never stays with the server.
 * - The server bundle (esbuild → dist/server/main.mjs) when missing or its sources changed. Running one
 *   bundled file instead of compiling TypeScript on the fly saves seconds on every restart (bench/RESULTS.md).
 *
 * Sources are fingerprinted by path, size and modification time (plus the lockfile); the fingerprint of
 * the last build is kept beside it (dist/<part>/.sources). `node --import tsx src/server/main.ts` still
 * runs the sources directly (development, tests).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const at = (...p) => path.join(ROOT, ...p);

/** Packages that read files beside their own code (wasm, native modules, workers): loaded from node_modules. */
const EXTERNAL = ['@electric-sql/pglite', 'sharp', 'pg-native', 'pino', 'thread-stream', '@fastify/swagger'];

function fingerprint(inputs, skip = () => false) {
  const hash = createHash('sha256');
  const visit = (p) => {
    if (!existsSync(p) || skip(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) visit(path.join(p, name));
    } else {
      hash.update(`${path.relative(ROOT, p)}\0${st.size}\0${st.mtimeMs}\n`);
    }
  };
  for (const input of inputs) visit(at(input));
  return hash.digest('hex');
}

/** Runs `build` when the part's output is missing or its sources changed since the last build. */
async function ensureBuilt(name, { output, stamp, inputs, skip, build }) {
  const wanted = fingerprint(inputs, skip);
  const have = existsSync(stamp) ? readFileSync(stamp, 'utf8') : null;
  if (existsSync(output) && have === wanted) return;
  const t0 = Date.now();
  console.log(`${name}: ${existsSync(output) ? 'sources changed' : 'not built yet'}, building...`);
  await build();
  mkdirSync(path.dirname(stamp), { recursive: true });
  writeFileSync(stamp, wanted);
  console.log(`${name}: built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

const isTest = (p) => /\.test\.tsx?$/.test(p) || p.includes(`${path.sep}test${path.sep}`);
const serveWeb = !['false', '0', 'no'].includes((process.env.SERVE_WEB ?? '').toLowerCase());

if (serveWeb) {
  await ensureBuilt('web app', {
    output: at('dist', 'web', 'index.html'),
    stamp: at('dist', 'web-sources'),
    inputs: ['src/web', 'src/shared', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'],
    skip: isTest,
    build: async () => {
      const vite = at('node_modules', 'vite', 'bin', 'vite.js');
      const r = spawnSync(process.execPath, [vite, 'build'], { cwd: ROOT, stdio: 'inherit' });
      if (r.status !== 0) throw new Error('the web build failed');
    },
  });
}

const bundle = at('dist', 'server', 'main.mjs');
await ensureBuilt('server', {
  output: bundle,
  stamp: at('dist', 'server', '.sources'),
  inputs: ['src/server', 'src/shared', 'package-lock.json', 'scripts/start.mjs'],
  skip: isTest,
  build: async () => {
    const esbuild = await import('esbuild');
    await esbuild.build({
      entryPoints: [at('src', 'server', 'main.ts')],
      outfile: bundle,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      // Stack traces map to the sources on disk; without their text the map is a third of the size.
      sourcesContent: false,
      external: EXTERNAL,
      logLevel: 'warning',
      banner: {
        js: "import { createRequire as __onairRequire } from 'node:module'; const require = __onairRequire(import.meta.url);",
      },
    });
  },
});

process.setSourceMapsEnabled(true);
await import(pathToFileURL(bundle).href);
