import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  accessSync,
  constants,
  createWriteStream,
  existsSync,
  renameSync,
  statSync,
  type WriteStream,
} from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** The few logger methods the engine uses (pino and Fastify's logger have them). */
export interface EngineLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The full path of an executable found in `dirs` (by default /usr/bin, then PATH), else null. */
export function findExecutable(
  name: string,
  dirs = ['/usr/bin', ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean)],
): string | null {
  for (const dir of dirs) {
    const file = path.join(dir, name);
    if (executable(file)) return file;
  }
  return null;
}

/** True when Icecast 2 and Liquidsoap are installed (the built-in engine can run). */
export function isBuiltinEngineInstalled(): boolean {
  return findExecutable('icecast2') !== null && findExecutable('liquidsoap') !== null;
}

export interface SystemUser {
  name: string;
  uid: number;
  gid: number;
}

/** Looks a system user up (uid and primary group) with `id`. */
export function lookUpUser(name: string): SystemUser {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
    return { name, uid, gid };
  } catch {
    throw new Error(`The station user "${name}" does not exist on this machine (STATION_USER).`);
  }
}

/**
 * The engine's own user when the app runs as root (docs/operations/engine.md#the-engine-user): one that
 * nothing else runs as, so no other process can read the engine token and Icecast passwords in its
 * runtime folder (the shared `nobody` is every daemon's).
 */
export const DEFAULT_STATION_USER = 'onair-engine';

const userMissing = (name: string) =>
  `The station user "${name}" does not exist on this machine and could not be created (STATION_USER). ` +
  `Create it (useradd --system --user-group --no-create-home --shell /usr/sbin/nologin ${name}), ` +
  'or set STATION_USER to an unprivileged user of its own.';

/**
 * The user the engine runs as, when the app runs as root. The default user is created when missing
 * (useradd --system); any other name must exist. Several starts at once may race to create it: each
 * looks again after its attempt.
 */
export function ensureStationUser(name: string, log?: Pick<EngineLogger, 'warn' | 'info'>): SystemUser {
  if (name === 'nobody') {
    log?.warn(
      { user: name },
      'station: the engine runs as the shared "nobody": every process running as nobody can read its passwords; leave STATION_USER unset to use a user of its own',
    );
  }
  try {
    return lookUpUser(name);
  } catch {
    /* created below when it is the default */
  }
  const useradd = ['/usr/sbin/useradd', '/sbin/useradd'].find(executable) ?? findExecutable('useradd');
  if (name !== DEFAULT_STATION_USER || !useradd) throw new Error(userMissing(name));
  const args = ['--system', '--user-group', '--no-create-home', '--home-dir', '/nonexistent'];
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      execFileSync(useradd, [...args, '--shell', '/usr/sbin/nologin', name], { stdio: 'pipe' });
      log?.info({ user: name }, 'station: created the engine user');
    } catch {
      /* made meanwhile by another start, or the user database was locked: look again */
    }
    try {
      return lookUpUser(name);
    } catch {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  throw new Error(userMissing(name));
}

/** Running as root: the engine must run as someone else (Icecast and Liquidsoap refuse root). */
export const runningAsRoot = () => process.getuid?.() === 0;

/**
 * The command line that runs `command` as `user` when we are root (setpriv execs, so the PID is the
 * engine's own), and asks the kernel to SIGTERM the engine if this app dies, so nothing is orphaned.
 */
export function engineCommand(command: string, args: string[], user: SystemUser | null) {
  const setpriv = findExecutable('setpriv');
  if (user) {
    if (!setpriv) throw new Error('setpriv (util-linux) is needed to run the station engine as root');
    if (user.uid === 0)
      throw new Error('The station engine cannot run as root: set STATION_USER to an unprivileged user');
    const drop = [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups'];
    return { file: setpriv, args: [...drop, '--pdeathsig=TERM', '--', command, ...args] };
  }
  if (setpriv) return { file: setpriv, args: ['--pdeathsig=TERM', '--', command, ...args] };
  return { file: command, args };
}

export interface SupervisorOptions {
  /** Short name used in logs: "icecast", "liquidsoap". */
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  /** Run as this user (required when the app runs as root). */
  user: SystemUser | null;
  /** Output (stdout and stderr) is appended here. */
  logFile: string;
  log: EngineLogger;
  /** Called when the process ends, expectedly or not. */
  onExit?: (info: { code: number | null; signal: string | null; expected: boolean }) => void;
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

const STOP_GRACE_MS = 3000;
const STABLE_AFTER_MS = 60_000;
const TAIL_LINES = 40;

/** Runs one engine process, restarts it with back-off when it dies, stops it by PID. */
export class Supervisor {
  private child: ChildProcess | null = null;
  private wanted = false;
  private timer: NodeJS.Timeout | null = null;
  private failures = 0;
  private output: WriteStream | null = null;
  private readonly tail: string[] = [];
  startedAt: Date | null = null;
  restarts = 0;
  lastExit: { code: number | null; signal: string | null; at: Date } | null = null;

  constructor(private readonly opts: SupervisorOptions) {}

  get name(): string {
    return this.opts.name;
  }
  get pid(): number | null {
    return this.child?.pid ?? null;
  }
  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }
  /** Waiting to be restarted after an unexpected exit. */
  get restarting(): boolean {
    return this.timer !== null;
  }

  /** The last lines the process printed. */
  recentOutput(lines = 15): string {
    return this.tail.slice(-lines).join('\n');
  }

  /** Spawns the process; resolves once it runs (rejects when it cannot be spawned). */
  async start(): Promise<void> {
    if (this.running) return;
    this.wanted = true;
    this.openLog();
    await this.spawnOnce();
  }

  /** SIGTERM, then SIGKILL after 3 s; resolves once the process is gone. */
  async stop(): Promise<void> {
    this.wanted = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const child = this.child;
    if (child?.pid && this.running) {
      const exited = once(child, 'exit');
      this.signal(child.pid, 'SIGTERM');
      const timeout = new Promise<'timeout'>((r) => setTimeout(r, STOP_GRACE_MS, 'timeout').unref());
      if ((await Promise.race([exited, timeout])) === 'timeout') {
        this.opts.log.warn(
          { engine: this.opts.name, pid: child.pid },
          'engine did not stop in time; killing it',
        );
        this.signal(child.pid, 'SIGKILL');
        await exited;
      }
    }
    this.output?.end();
    this.output = null;
  }

  async restart(): Promise<void> {
    await this.stop();
    this.restarts += 1;
    await this.start();
  }

  /** Sends a signal to the running process (e.g. SIGHUP: Icecast re-reads its config); false if not running. */
  notify(sig: NodeJS.Signals): boolean {
    const pid = this.child?.pid;
    if (!pid || !this.running) return false;
    this.signal(pid, sig);
    return true;
  }

  private signal(pid: number, sig: NodeJS.Signals) {
    try {
      process.kill(pid, sig);
    } catch {
      /* already gone */
    }
  }

  private openLog() {
    if (this.output) return;
    const file = this.opts.logFile;
    if (existsSync(file) && statSync(file).size > 10 * 1024 * 1024) renameSync(file, `${file}.1`);
    this.output = createWriteStream(file, { flags: 'a' });
    this.output.on('error', () => {});
  }

  private async spawnOnce() {
    const { name, log } = this.opts;
    const cmd = engineCommand(this.opts.command, this.opts.args, this.opts.user);
    const child = spawn(cmd.file, cmd.args, {
      cwd: this.opts.cwd,
      env: this.opts.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream! }).on('line', (line) => this.record(line));
    }
    child.on('exit', (code, signal) => this.exited(child, code, signal));
    child.on('error', () => {}); // reported through the spawn promise below or the exit event
    try {
      await once(child, 'spawn');
    } catch (err) {
      this.child = null;
      throw new Error(`Could not start ${name}: ${(err as Error).message}`);
    }
    this.startedAt = new Date();
    log.info({ engine: name, pid: child.pid }, `${name} started`);
  }

  private record(line: string) {
    this.tail.push(line);
    if (this.tail.length > TAIL_LINES) this.tail.shift();
    this.output?.write(`${line}\n`);
    this.opts.log.debug({ engine: this.opts.name }, line);
  }

  private exited(child: ChildProcess, code: number | null, signal: string | null) {
    if (child !== this.child) return;
    const expected = !this.wanted;
    this.lastExit = { code, signal, at: new Date() };
    this.opts.onExit?.({ code, signal, expected });
    if (expected) return;
    const ranFor = Date.now() - (this.startedAt?.getTime() ?? Date.now());
    if (ranFor > STABLE_AFTER_MS) this.failures = 0;
    this.opts.log.warn(
      { engine: this.opts.name, code, signal, output: this.recentOutput(8) },
      `${this.opts.name} stopped unexpectedly; restarting`,
    );
    this.scheduleRestart();
  }

  private scheduleRestart() {
    const min = this.opts.minBackoffMs ?? 1000;
    const delay = Math.min(this.opts.maxBackoffMs ?? 30_000, min * 2 ** this.failures);
    this.failures += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.wanted) return;
      this.restarts += 1;
      this.spawnOnce().catch((err) => {
        this.opts.log.error({ engine: this.opts.name, err }, 'engine restart failed');
        if (this.wanted) this.scheduleRestart();
      });
    }, delay);
    this.timer.unref();
  }
}
