import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitUntil } from '../engine-helpers';
import { freePorts } from '../free-port';
import type { S3TestServer } from '../s3-server';

/** One app process (main.ts) of the cluster: its own DATA_DIR and ports, its own process group. */
export interface Instance {
  url: string;
  harborPort: number;
  child: ChildProcess;
  output: string;
}

export interface NowPlayingSeen {
  song: { title: string };
  playedAt: string;
}

/** What the harness needs of the shared database: a query, and the URL the instances connect to. */
export interface ClusterDatabase {
  connectionString?: string;
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/**
 * Real app processes of one station on one PostgreSQL and one bucket (s3rver), all with ENGINE=on and
 * the real engine, sharing one MUSIC_DIR as a shared mount would (docs/operations/several-instances.md).
 * Used by the cluster test and the failover benchmark.
 */
export class Cluster {
  readonly instances: Instance[] = [];

  constructor(
    private readonly db: ClusterDatabase,
    private readonly bucket: S3TestServer,
    private readonly music: string,
  ) {}

  async startInstance(): Promise<Instance> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onair-cluster-'));
    chmodSync(dataDir, 0o755);
    const [port, icecast, harbor] = await freePorts(3);
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        MUSIC_DIR: this.music,
        DATABASE_URL: this.db.connectionString,
        AUTH_SECRET: 'cluster-secret-cluster-secret-0123456789',
        BASE_URL: url,
        INSTANCE_URL: url,
        RADIO_BACKEND: 'builtin',
        ENGINE: 'on',
        ICECAST_PORT: String(icecast),
        HARBOR_PORT: String(harbor),
        SERVE_WEB: 'false',
        JOBS_ENABLED: 'false',
        LOG_LEVEL: 'warn',
        ...this.bucket.env,
      },
      // Its own process group: a kill of the group takes Icecast and Liquidsoap with it.
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const inst: Instance = { url, harborPort: harbor, child, output: '' };
    child.stderr?.on('data', (d) => {
      inst.output = (inst.output + d).slice(-4000);
    });
    this.instances.push(inst);
    return inst;
  }

  /** Takes an instance out of the cluster's list (after it was killed). */
  forget(i: Instance) {
    this.instances.splice(this.instances.indexOf(i), 1);
  }

  async nowPlaying(i: Instance): Promise<{ nowPlaying: NowPlayingSeen | null } | null> {
    try {
      const res = await fetch(`${i.url}/api/now-playing`, { signal: AbortSignal.timeout(3000) });
      return (await res.json()) as { nowPlaying: NowPlayingSeen | null };
    } catch {
      return null;
    }
  }

  /** The instance that holds the engine's lease now, if any. */
  async holder(): Promise<Instance | undefined> {
    const { rows } = await this.db.query<{ address: string }>(
      `SELECT i.address FROM engine_lease l JOIN cluster_instances i ON i.id = l.holder
        WHERE l.expires_at > now() AND l.released_at IS NULL`,
    );
    return this.instances.find((i) => i.url === rows[0]?.address);
  }

  /**
   * AutoDJ plays closer together than any track's length: two engines airing at once. (A presenter who
   * goes live a moment after a track began is a second play seconds later, and rightly so.)
   */
  async doubledPlays(): Promise<number> {
    const { rows } = await this.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM (
         SELECT played_at - lag(played_at) OVER (ORDER BY played_at) AS gap FROM song_plays
          WHERE play_source = 'autodj') g
        WHERE gap < interval '5 seconds'`,
    );
    return Number(rows[0].n);
  }

  /** The play history, one line a play (for a failure's message). */
  async playLog(): Promise<string> {
    const { rows } = await this.db.query<{ line: string }>(
      `SELECT to_char(p.played_at, 'HH24:MI:SS.MS') || ' ' || p.play_source || ' ' || s.title AS line
         FROM song_plays p JOIN songs s ON s.id = p.song_id ORDER BY p.played_at`,
    );
    return rows.map((r) => r.line).join('\n');
  }

  /** A signal to an instance's whole process group (the app, Icecast and Liquidsoap). */
  kill(i: Instance, signal: NodeJS.Signals) {
    try {
      process.kill(-i.child.pid!, signal);
    } catch {
      // already gone
    }
  }

  /** Every instance's last output, for a failure's message. */
  readonly context = () => this.instances.map((i) => `--- ${i.url}\n${i.output}`).join('\n');

  /** Waits until `i` shows a track that started after `since` (ms). */
  newTrackOn(i: Instance, since: number, timeoutMs: number) {
    return waitUntil(
      `a new track on ${i.url}`,
      async () => {
        const np = await this.nowPlaying(i);
        return np?.nowPlaying && Date.parse(np.nowPlaying.playedAt) > since ? np.nowPlaying : null;
      },
      timeoutMs,
      this.context,
    );
  }

  /** Ends every instance, frozen or not. */
  stopAll() {
    for (const i of this.instances) {
      this.kill(i, 'SIGCONT');
      this.kill(i, 'SIGKILL');
    }
  }
}
