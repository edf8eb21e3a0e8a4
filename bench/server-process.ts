/**
 * The app as a separate process, as `npm start` runs it (node --import tsx src/server/main.ts), so the
 * bench measures its own memory, its restart time and its throughput without sharing a thread with the
 * load generator.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/server/test/free-port';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Resident memory of a process, in MiB (Linux /proc). */
export function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return line ? Number(line.replace(/\D+/g, '')) / 1024 : Number.NaN;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** From spawn to the first answer of GET /healthz (ms). */
  startMs: number;
  stop(): Promise<void>;
}

/** Runs a script of the project with the given environment (e.g. the demo seed) and waits for it. */
export function runScript(script: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });
}

/**
 * How the server is started: 'npm-start' as `npm start` does (scripts/start.mjs: builds the server bundle
 * when missing or stale, then runs it), 'tsx' as development and the e2e tests do (TypeScript compiled on
 * the fly, much slower to start).
 */
export type StartMode = 'npm-start' | 'tsx';

/** Starts the server and waits until it answers. */
export async function startServer(
  env: Record<string, string>,
  mode: StartMode = 'tsx',
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const args = mode === 'npm-start' ? ['scripts/start.mjs'] : ['--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error('the server exited during start-up');
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    await sleep(10);
  }
  const startMs = performance.now() - t0;
  return {
    child,
    url,
    port,
    startMs,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
