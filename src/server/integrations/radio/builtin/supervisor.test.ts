import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { waitUntil } from '../../../test/engine-helpers';
import { DEFAULT_STATION_USER, ensureStationUser, lookUpUser, runningAsRoot, Supervisor } from './supervisor';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'onair-supervisor-'));
chmodSync(tmp, 0o755);
const started: Supervisor[] = [];
afterAll(async () => {
  for (const s of started) await s.stop();
  rmSync(tmp, { recursive: true, force: true });
});

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
function supervise(name: string, script: string) {
  const s = new Supervisor({
    name,
    command: '/bin/sh',
    args: ['-c', script],
    cwd: tmp,
    env: { PATH: '/usr/bin:/bin' },
    user: runningAsRoot() ? lookUpUser('nobody') : null,
    logFile: path.join(tmp, `${name}.log`),
    log: quiet,
    minBackoffMs: 100,
  });
  started.push(s);
  return s;
}

describe('engine process supervisor', () => {
  it('runs the process as the station user when the app is root, and logs its output', async () => {
    const s = supervise('whoami', 'id -u; exec sleep 30');
    await s.start();
    await waitUntil('output', () => s.recentOutput().length > 0, 5000);
    expect(s.recentOutput().trim()).toBe(runningAsRoot() ? '65534' : String(process.getuid?.()));
    // The log file is written through a stream: give it a moment under load.
    const logged = () => readFileSync(path.join(tmp, 'whoami.log'), 'utf8');
    await waitUntil('log file', () => logged().includes(s.recentOutput().trim()), 5000);
    expect(logged()).toContain(s.recentOutput().trim());
    await s.stop();
  });

  it('restarts a process that dies, backing off', async () => {
    const s = supervise('crashy', 'echo started; exit 3');
    await s.start();
    await waitUntil('two restarts', () => s.restarts >= 2, 5000);
    expect(s.lastExit?.code).toBe(3);
    await s.stop();
    const restarts = s.restarts;
    await new Promise((r) => setTimeout(r, 600));
    expect(s.restarts).toBe(restarts); // stopped means stopped
  });

  it('stops by PID with SIGTERM, and SIGKILL when that is ignored', async () => {
    const s = supervise('stubborn', 'trap "" TERM; echo ready; exec sleep 30');
    await s.start();
    await waitUntil('the trap to be set', () => s.recentOutput().includes('ready'), 5000);
    const pid = s.pid!;
    const t0 = Date.now();
    await s.stop();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(2900);
    expect(s.lastExit?.signal).toBe('SIGKILL');
    expect(() => process.kill(pid, 0)).toThrow();
    expect(s.running).toBe(false);
  });
});

describe('the engine user', () => {
  it('is a user of its own by default, not the shared nobody', () => {
    const config = loadConfig({ AUTH_SECRET: 'x'.repeat(32) });
    expect(config.STATION_USER).toBe(DEFAULT_STATION_USER);
    expect(DEFAULT_STATION_USER).not.toBe('nobody');
  });

  it.skipIf(!runningAsRoot())('is created when missing, unprivileged, apart from nobody (as root)', () => {
    const user = ensureStationUser(DEFAULT_STATION_USER);
    expect(user.name).toBe(DEFAULT_STATION_USER);
    expect(user.uid).not.toBe(0);
    expect(user.uid).not.toBe(lookUpUser('nobody').uid);
    expect(lookUpUser(DEFAULT_STATION_USER)).toEqual(user);
  });

  it('refuses a missing user it was told to use, saying how to create it', () => {
    expect(() => ensureStationUser('onair-no-such-user')).toThrow(
      /^The station user "onair-no-such-user" does not exist on this machine and could not be created \(STATION_USER\)\. Create it \(useradd --system --user-group --no-create-home --shell \/usr\/sbin\/nologin onair-no-such-user\), or set STATION_USER to an unprivileged user of its own\.$/,
    );
  });
});
