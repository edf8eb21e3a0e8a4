import { chmodSync, mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { generateTones } from '../src/server/integrations/radio/builtin/tones';
import { freePorts } from '../src/server/test/free-port';
import { ScriptedBackend } from '../src/server/test/scripted-backend';

/** The real app on a fresh embedded database, listening on a free port, with a backend the bench drives. */
export async function startBenchApp(env: Record<string, string> = {}) {
  const backend = new ScriptedBackend();
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'onair-bench-')),
    SERVE_WEB: 'false',
    JOBS_ENABLED: 'false',
    RADIO_BACKEND: 'none',
    PORT: '0',
    BASE_URL: 'http://localhost:3000',
    // The benches open thousands of anonymous streams from one address.
    EVENT_STREAMS_PER_ADDRESS: '100000',
    EVENT_STREAMS_PER_MEMBER: '100000',
    ...env,
  });
  const app = await buildApp(config, { radioBackend: backend });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return { app, backend, port, url: `http://127.0.0.1:${port}` };
}

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Waits for the next message of a type from a forked bench child (rejects on its error message). */
export function childMessage<T>(child: import('node:child_process').ChildProcess, type: string) {
  return new Promise<T>((resolve, reject) => {
    const onMsg = (m: { type: string; message?: string } & T) => {
      if (m.type === type) {
        child.off('message', onMsg);
        resolve(m);
      } else if (m.type === 'error') reject(new Error(m.message));
    };
    child.on('message', onMsg);
  });
}

/**
 * A scratch PostgreSQL database for a bench (BENCH_DATABASE_URL, default the local server), created now;
 * `drop()` removes it whatever connections remain.
 */
export async function scratchDatabase(label: string) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `onair_bench_${label}_${process.pid}`;
  const run = async (sql: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * What a bench on the real built-in engine (Icecast and Liquidsoap) needs before the app starts: its own
 * DATA_DIR (the engine's unprivileged user must reach DATA_DIR/station), `tones` generated tracks of
 * `seconds` in MUSIC_DIR, free Icecast and harbor ports; `env` is the app's environment for them.
 */
export async function engineBenchSetup(name: string, opts: { tones?: number; seconds?: number } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `onair-${name}-bench-`));
  chmodSync(dataDir, 0o755);
  const music = path.join(dataDir, 'music');
  await generateTones(music, opts.tones ?? 2, { durationSeconds: opts.seconds ?? 120 });
  const [icecastPort, harborPort] = await freePorts(2);
  return {
    dataDir,
    music,
    icecastPort,
    harborPort,
    env: {
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      JOBS_ENABLED: 'false',
      RADIO_BACKEND: 'builtin',
      MUSIC_DIR: music,
      ICECAST_PORT: String(icecastPort),
      HARBOR_PORT: String(harborPort),
    },
  };
}
