import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { RadioBackendError } from '../types';
import { fetchMountStatus } from './icecast-mounts';
import { fallbackRuntimeDir, mirrorMusic, ownFolder, ownTree, shareLibraryWithEngine } from './music-mirror';
import {
  connectHost,
  HLS,
  recordingsDirOf,
  type StationValues,
  TEMPLATES_DIR,
  type WrittenConfigs,
  writeIcecastConfig,
  writeStationConfigs,
} from './station-configs';
import {
  type EngineLogger,
  ensureStationUser,
  findExecutable,
  isBuiltinEngineInstalled,
  runningAsRoot,
  Supervisor,
  type SystemUser,
} from './supervisor';

const run = promisify(execFile);

export interface StationEngineOptions
  extends Omit<StationValues, 'runtimeDir' | 'recordingOn' | 'recordingsDir' | 'liveLevelling'> {
  /** <DATA_DIR>/station: generated configs, logs, pid file. */
  runtimeDir: string;
  /** The unprivileged user the engine runs as when the app runs as root (STATION_USER). */
  stationUser: string;
  /** The copies of the bucket's library audio the engine plays (DATA_DIR/media-cache): shared like mediaDir. */
  mediaCacheDir?: string;
  /**
   * Where the runtime folder goes instead when the station user cannot reach `runtimeDir` (the app runs
   * as root from a private folder such as /root): STATION_RUNTIME_BASE, default /var/lib/onair.
   */
  runtimeBase?: string;
  templatesDir?: string;
  log: EngineLogger;
  /** Liquidsoap ended (restart, crash, stop): a DJ connected to it is gone. */
  onLiquidsoapExit?: () => void;
  /** Whether recording of live shows is allowed when Liquidsoap starts (read at each start; default yes). */
  recordingOn?: () => boolean;
  /** Whether the DJ's input is levelled like AutoDJ when Liquidsoap starts (read at each start; default yes). */
  liveLevelling?: () => boolean;
  /**
   * The recordings Liquidsoap left closed in its folder, listed whenever it is not running: just before
   * it starts and right after it exits (a file closed by a restart is never lost).
   */
  onRecordingsLeft?: (files: string[]) => void;
}

/** The two engine processes (Icecast, then Liquidsoap), from configs to running and back. */
export class StationEngine {
  icecast: Supervisor | null = null;
  liquidsoap: Supervisor | null = null;
  /** The last thing that went wrong, for the admin's status panel. */
  problem: string | null = null;
  /** The runtime folder and music folder the engine really uses (see prepareFolders). */
  runtimeDir: string;
  musicDir: string;
  /** Icecast's admin password of the running engine (fresh at each start), for its admin API. */
  adminPassword: string | null = null;
  private readonly host: string;
  private mirrorTimer: NodeJS.Timeout | null = null;
  /** What the running engine was configured with (a new listener limit rewrites icecast.xml from it). */
  private written: { values: StationValues; files: WrittenConfigs; user: SystemUser | null } | null = null;
  private maxListeners: number;

  constructor(private readonly opts: StationEngineOptions) {
    this.host = connectHost(opts.bindAddress);
    this.runtimeDir = opts.runtimeDir;
    this.musicDir = opts.musicDir;
    this.maxListeners = opts.maxListeners;
  }

  /** The folder Liquidsoap writes the HLS playlists and segments into (the app serves it at /hls/). */
  get hlsDir(): string {
    return path.join(this.runtimeDir, HLS.folder);
  }

  /**
   * A new "most listeners at once": icecast.xml is rewritten with it (same passwords) and a running
   * Icecast re-reads it on SIGHUP; listeners already connected stay. Returns whether Icecast was told.
   */
  setMaxListeners(max: number): boolean {
    this.maxListeners = max;
    if (!this.written) return false;
    const { values, files, user } = this.written;
    this.written.values = { ...values, maxListeners: max };
    writeIcecastConfig(this.written.values, files, user, this.opts.templatesDir ?? TEMPLATES_DIR);
    return this.icecast?.notify('SIGHUP') ?? false;
  }

  /** The token of the lease's term this engine runs in: written into the script at the next start. */
  setEngineToken(token: string): void {
    this.opts.engineToken = token;
  }

  get running(): boolean {
    return Boolean(this.icecast?.running && this.liquidsoap?.running);
  }

  /** Writes the configs and starts both; resolves once Icecast answers and Liquidsoap's harbor listens. */
  async start(): Promise<void> {
    if (this.icecast?.running || this.liquidsoap?.running) return;
    if (!isBuiltinEngineInstalled()) {
      throw new RadioBackendError(
        'Icecast 2 and Liquidsoap are not installed (apt-get install icecast2 liquidsoap).',
      );
    }
    for (const [what, port] of [
      ['ICECAST_PORT', this.opts.icecastPort],
      ['HARBOR_PORT', this.opts.harborPort],
    ] as const) {
      if (await portOpen(this.host, port)) {
        throw new RadioBackendError(
          `Port ${port} (${what}) is already in use on ${this.host}: is another engine running?`,
        );
      }
    }
    const user = runningAsRoot() ? ensureStationUser(this.opts.stationUser, this.opts.log) : null;
    await this.prepareFolders(user);
    // Liquidsoap writes the HLS segments here; the app reads them (world-readable files, see the template).
    mkdirSync(this.hlsDir, { recursive: true, mode: 0o755 });
    chmodSync(this.hlsDir, 0o755);
    if (user) chownSync(this.hlsDir, user.uid, user.gid);
    const {
      templatesDir,
      log,
      stationUser: _,
      onLiquidsoapExit: __,
      runtimeBase: ___,
      recordingOn,
      liveLevelling,
      onRecordingsLeft: ____,
      ...rest
    } = this.opts;
    const values = {
      ...rest,
      maxListeners: this.maxListeners,
      runtimeDir: this.runtimeDir,
      musicDir: this.musicDir,
      recordingsDir: this.recordingsDir,
      recordingOn: recordingOn?.() ?? true,
      liveLevelling: liveLevelling?.() ?? true,
    };
    const files = writeStationConfigs(values, user, templatesDir ?? TEMPLATES_DIR);
    this.written = { values, files, user };
    this.adminPassword = files.adminPassword;
    const env = { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: values.runtimeDir, LANG: 'C.UTF-8', TZ: 'UTC' };
    const supervise = (name: string, command: string, args: string[]) =>
      new Supervisor({
        ...{ name, command, args, env, user, log, cwd: values.runtimeDir },
        logFile: path.join(values.runtimeDir, `${name}.log`),
        onExit: ({ expected }) => {
          if (name === 'liquidsoap') {
            this.opts.onLiquidsoapExit?.();
            this.reportRecordingsLeft();
          }
          if (!expected) this.problem = `${name} stopped unexpectedly at ${new Date().toISOString()}`;
        },
      });
    this.icecast = supervise('icecast', findExecutable('icecast2')!, ['-c', files.icecastConfig]);
    this.liquidsoap = supervise('liquidsoap', findExecutable('liquidsoap')!, [files.liquidsoapScript]);
    try {
      const icecastBase = `http://${this.host}:${this.opts.icecastPort}`;
      await this.icecast.start();
      // Usually ready in well under a second; on a loaded 2-core machine it once took more than 10 s.
      await waitFor(this.icecast, 30_000, async () => (await fetchMountStatus(icecastBase, '/')).reachable);
      this.reportRecordingsLeft();
      await this.liquidsoap.start();
      await this.harborListening();
    } catch (err) {
      await this.stop();
      throw err;
    }
    this.problem = null;
  }

  /** Liquidsoap first (it feeds Icecast), then Icecast; each SIGTERM, then SIGKILL after 3 s. */
  async stop(): Promise<void> {
    if (this.mirrorTimer) clearInterval(this.mirrorTimer);
    this.mirrorTimer = null;
    await this.liquidsoap?.stop();
    await this.icecast?.stop();
  }

  /** Where Liquidsoap records live shows (inside the runtime folder the engine really uses). */
  get recordingsDir(): string {
    return recordingsDirOf(this.runtimeDir);
  }

  /** The MP3 files in the recordings folder; only call while Liquidsoap is not writing (stopped). */
  private reportRecordingsLeft() {
    if (!this.opts.onRecordingsLeft) return;
    let files: string[] = [];
    try {
      files = readdirSync(this.recordingsDir)
        .filter((f) => f.endsWith('.mp3'))
        .map((f) => path.join(this.recordingsDir, f));
    } catch {
      return;
    }
    if (files.length > 0) this.opts.onRecordingsLeft(files);
  }

  async restartLiquidsoap(): Promise<void> {
    if (!this.liquidsoap) throw new RadioBackendError('The station engine is not running.');
    await this.liquidsoap.restart();
    await this.harborListening();
  }

  /** One line per process for the status panel. */
  describe(proc: Supervisor | null): string {
    if (!proc) return 'not started';
    const exit = proc.lastExit ? `exit ${proc.lastExit.code ?? proc.lastExit.signal}` : '';
    if (proc.running) {
      return `running (pid ${proc.pid}, since ${proc.startedAt?.toISOString()}, ${proc.restarts} restarts)`;
    }
    if (proc.restarting) return `restarting after ${exit}`;
    return exit ? `stopped (${exit})` : 'stopped';
  }

  /** The last lines each process printed (diagnostics). */
  recentOutput(): string {
    return [this.icecast, this.liquidsoap]
      .filter((s): s is Supervisor => s !== null)
      .map((s) => `--- ${s.name}\n${s.recentOutput(20)}`)
      .join('\n');
  }

  /** Liquidsoap compiles its standard library at start: 2 s on an idle machine, 30 s and more on a loaded one. */
  private harborListening() {
    return waitFor(this.liquidsoap!, 90_000, () => portOpen(this.host, this.opts.harborPort));
  }

  /**
   * The runtime folder belongs to the engine's user; the music folder must be readable by it. When the
   * app runs as root from a folder the station user cannot traverse (a clone in /root, mode 700), the
   * runtime folder moves under STATION_RUNTIME_BASE and the music is mirrored next to it (hard links, or
   * copies), re-synced every 30 s, so nobody has to open up their home folder.
   */
  private async prepareFolders(user: SystemUser | null) {
    const { runtimeDir, musicDir, log } = this.opts;
    this.runtimeDir = runtimeDir;
    this.musicDir = musicDir;
    mkdirSync(path.dirname(runtimeDir), { recursive: true });
    if (!existsSync(runtimeDir)) mkdirSync(runtimeDir, { mode: 0o750 });
    if (!existsSync(musicDir)) {
      mkdirSync(musicDir, { recursive: true, mode: 0o755 });
      log.info(
        { musicDir },
        'station: created the empty music folder (AutoDJ airs silence until files arrive)',
      );
    }
    // The library's folder exists before Liquidsoap watches it (empty until the first upload).
    mkdirSync(this.opts.mediaDir, { recursive: true, mode: 0o755 });
    if (!user) {
      mkdirSync(this.recordingsDir, { recursive: true, mode: 0o750 });
      return;
    }
    ownTree(runtimeDir, user);
    // The engine reads the library's files (the app's next tracks, the local rotation).
    shareLibraryWithEngine(path.dirname(runtimeDir), this.opts.mediaDir, user);
    if (this.opts.mediaCacheDir) {
      mkdirSync(this.opts.mediaCacheDir, { recursive: true, mode: 0o700 });
      shareLibraryWithEngine(path.dirname(runtimeDir), this.opts.mediaCacheDir, user);
    }
    const can = (test: string[]) =>
      run('setpriv', [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', 'test', ...test]).then(
        () => true,
        () => false,
      );
    if (!(await can(['-w', runtimeDir, '-a', '-x', runtimeDir]))) {
      const moved = fallbackRuntimeDir(this.opts.runtimeBase ?? '/var/lib/onair', runtimeDir);
      try {
        ownFolder(moved, user);
      } catch (err) {
        throw new RadioBackendError(
          `The station's runtime folder cannot be prepared: ${(err as Error).message}`,
        );
      }
      if (!(await can(['-w', moved, '-a', '-x', moved]))) {
        throw new RadioBackendError(
          `The station user "${user.name}" can reach neither ${runtimeDir} nor ${moved}: set STATION_RUNTIME_BASE to a folder it can reach.`,
        );
      }
      log.info(
        { runtimeDir: moved },
        'station: the station user cannot reach DATA_DIR; runtime folder moved',
      );
      this.runtimeDir = moved;
    }
    // Liquidsoap writes the recordings; the app (root here) reads and removes them.
    mkdirSync(this.recordingsDir, { recursive: true, mode: 0o750 });
    chownSync(this.recordingsDir, user.uid, user.gid);
    if (!(await can(['-r', musicDir, '-a', '-x', musicDir]))) {
      const mirror = path.join(this.runtimeDir, 'music');
      const sync = () => {
        try {
          const r = mirrorMusic(musicDir, mirror, user);
          if (r.linked + r.copied + r.removed > 0) log.info({ musicDir, ...r }, 'station: music mirrored');
        } catch (err) {
          log.warn({ err, musicDir }, 'station: could not mirror the music folder');
        }
      };
      sync();
      this.musicDir = mirror;
      this.mirrorTimer = setInterval(sync, 30_000);
      this.mirrorTimer.unref();
      log.info(
        { musicDir, mirror, user: user.name },
        'station: the station user cannot read the music folder; AutoDJ plays a mirror of it',
      );
    }
  }
}

/** Exits during a start that are taken as a crash to ride out (the supervisor restarts it) before giving up. */
const START_CRASHES_TOLERATED = 2;

/**
 * Waits until `ready`. A process that dies meanwhile is restarted by its supervisor (with back-off) and
 * waited for again: Icecast 2.4.4 and Liquidsoap 2.1.3 each crash now and then at start (a SIGSEGV, an
 * "Conf.Bound" exception) and come up on the next try. A third exit, or the timeout, ends the wait.
 */
async function waitFor(proc: Supervisor, timeoutMs: number, ready: () => Promise<boolean>) {
  const until = Date.now() + timeoutMs;
  let seen = proc.lastExit;
  let exits = 0;
  while (Date.now() < until) {
    if (proc.lastExit !== seen) {
      seen = proc.lastExit;
      exits += 1;
      if (exits > START_CRASHES_TOLERATED) break;
    }
    if (proc.running && (await ready())) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  const exit = exits > 0 ? proc.lastExit : null;
  const why = exit
    ? `exited (${exit.code ?? exit.signal})${exits > 1 ? ` ${exits} times` : ''}`
    : 'did not become ready in time';
  throw new RadioBackendError(`${proc.name} ${why}. Its last output:\n${proc.recentOutput(12)}`);
}

export function portOpen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.setTimeout(500, () => done(false));
  });
}
