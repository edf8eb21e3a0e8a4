import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { DbHandle } from '../../db/client';
import { writeBackup } from './backup-writer';

/**
 * The embedded database's folder can be opened by one process only. A running app on it writes this
 * file (readable by its own user only) with a loopback port and a random token; `npm run backup` then
 * asks the app for the backup instead of opening the folder, and `npm run restore` knows to refuse.
 */
export const CONTROL_FILE = '.onair-control.json';

export interface ControlInfo {
  pid: number;
  port: number;
  token: string;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The app running on this DATA_DIR, if its control file names a live process. */
export async function runningApp(dataDir: string): Promise<ControlInfo | null> {
  let info: ControlInfo;
  try {
    info = JSON.parse(await readFile(path.join(dataDir, CONTROL_FILE), 'utf8')) as ControlInfo;
  } catch {
    return null;
  }
  return Number.isInteger(info.pid) && alive(info.pid) ? info : null;
}

/**
 * The loopback endpoint a running app answers backups on: `POST /backup` with the token streams a
 * backup file. Bound to 127.0.0.1 on a port the system picks; not part of the public API.
 */
export async function startControlServer(
  dbh: DbHandle,
  dataDir: string,
  log: { error(o: object, m: string): void },
) {
  const token = randomBytes(24).toString('base64url');
  const expected = Buffer.from(`Bearer ${token}`);
  const server = http.createServer((req, res) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    const ok = given.length === expected.length && timingSafeEqual(given, expected);
    if (!ok || req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(ok ? 404 : 403).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/gzip' });
    writeBackup(dbh, dataDir, res).catch((err) => {
      log.error({ err, component: 'backups' }, 'backups: a backup asked for by the command line failed');
      res.destroy(err as Error);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const file = path.join(dataDir, CONTROL_FILE);
  await writeFile(file, JSON.stringify({ pid: process.pid, port, token } satisfies ControlInfo), {
    mode: 0o600,
  });
  return {
    port,
    async close() {
      await rm(file, { force: true });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
