import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitUntil } from './test/engine-helpers';
import { freePorts } from './test/free-port';

describe('the process (main.ts)', () => {
  it('listens, then on SIGTERM ends event streams, closes the database and exits within 5 seconds', async () => {
    const [port] = await freePorts(1);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      // A clean environment: not the test runner's own (its NODE_OPTIONS hooks are not for this process).
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'onair-main-')),
        RADIO_BACKEND: 'none',
        SERVE_WEB: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr?.on('data', (d) => {
      errors += d;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await waitUntil(
        'the app to answer /healthz',
        () =>
          new Promise<boolean>((resolve) => {
            http
              .get(`http://127.0.0.1:${port}/healthz`, (res) => {
                res.resume();
                resolve(res.statusCode === 200);
              })
              .on('error', () => resolve(false));
          }),
        60_000,
        () => errors,
      );
      const streamEnded = new Promise<void>((resolve) => {
        http.get(`http://127.0.0.1:${port}/api/events`, (res) => {
          res.resume();
          res.on('end', resolve);
          res.on('close', resolve);
        });
      });
      await new Promise((r) => setTimeout(r, 300));
      const start = Date.now();
      child.kill('SIGTERM');
      const code = await exited;
      const took = Date.now() - start;
      await streamEnded;
      expect(code).toBe(0);
      expect(took).toBeLessThan(5000);
    } finally {
      child.kill('SIGKILL');
    }
  }, 90_000);
});
