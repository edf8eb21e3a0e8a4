import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import { portOpen } from '../../integrations/radio/builtin/station-engine';
import { generateTones } from '../../integrations/radio/builtin/tones';
import { waitUntil } from '../engine-helpers';
import { freePorts } from '../free-port';
import { readIcy } from '../icy';
import { playStream } from '../player';
import { freshDatabase } from '../test-app';

/**
 * Two real app processes (main.ts) of one station on one PostgreSQL, both with ENGINE=on and the real
 * engine: the holder's whole process tree is killed (SIGKILL) or frozen (SIGSTOP), and the other instance
 * takes the engine over (docs/operations/several-instances.md#failover); a listener on the other
 * instance keeps listening through it (#every-instance-serves-the-station).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

interface Instance {
  url: string;
  harborPort: number;
  child: ChildProcess;
  output: string;
}

let shared: DbHandle & { drop(): Promise<void>; connectionString?: string };
const instances: Instance[] = [];

async function startInstance(): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onair-cluster-'));
  chmodSync(dataDir, 0o755);
  const music = path.join(dataDir, 'music');
  await generateTones(music, 3, { durationSeconds: 30 });
  const [port, icecast, harbor] = await freePorts(3);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MUSIC_DIR: music,
      DATABASE_URL: shared.connectionString,
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
    },
    // Its own process group: a kill of the group takes Icecast and Liquidsoap with it.
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const inst: Instance = { url, harborPort: harbor, child, output: '' };
  child.stderr?.on('data', (d) => {
    inst.output = (inst.output + d).slice(-4000);
  });
  instances.push(inst);
  return inst;
}

const nowPlaying = async (i: Instance) => {
  try {
    const res = await fetch(`${i.url}/api/now-playing`, { signal: AbortSignal.timeout(3000) });
    return (await res.json()) as { nowPlaying: { song: { title: string }; playedAt: string } | null };
  } catch {
    return null;
  }
};

async function holder(): Promise<Instance | undefined> {
  const { rows } = await shared.query<{ address: string }>(
    `SELECT i.address FROM engine_lease l JOIN cluster_instances i ON i.id = l.holder
      WHERE l.expires_at > now() AND l.released_at IS NULL`,
  );
  return instances.find((i) => i.url === rows[0]?.address);
}

/** Plays closer together than any track's length: two engines airing at once. */
async function doubledPlays(): Promise<number> {
  const { rows } = await shared.query<{ n: string }>(
    `SELECT count(*) AS n FROM (
       SELECT played_at - lag(played_at) OVER (ORDER BY played_at) AS gap FROM song_plays) g
      WHERE gap < interval '5 seconds'`,
  );
  return Number(rows[0].n);
}

const kill = (i: Instance, signal: NodeJS.Signals) => {
  try {
    process.kill(-i.child.pid!, signal);
  } catch {
    // already gone
  }
};

const context = () => instances.map((i) => `--- ${i.url}\n${i.output}`).join('\n');

/** Waits until `i` shows a track that started after `since` (ms). */
const newTrackOn = (i: Instance, since: number, timeoutMs: number) =>
  waitUntil(
    `a new track on ${i.url}`,
    async () => {
      const np = await nowPlaying(i);
      return np?.nowPlaying && Date.parse(np.nowPlaying.playedAt) > since ? np.nowPlaying : null;
    },
    timeoutMs,
    context,
  );

describe.skipIf(!onPostgres)('failover of the engine between two processes', { shuffle: false }, () => {
  beforeAll(async () => {
    shared = await freshDatabase();
    await startInstance();
    await startInstance();
    const start = Date.now() - 60_000;
    // Liquidsoap's start takes seconds on an idle machine, a minute and more on a loaded one.
    for (const i of instances) await newTrackOn(i, start, 240_000);
  }, 300_000);

  afterAll(async () => {
    for (const i of instances) {
      kill(i, 'SIGCONT');
      kill(i, 'SIGKILL');
    }
    await shared?.drop();
  });

  it('a SIGKILL of the engine instance: the other takes over and a new track airs; no play is doubled', async () => {
    const dead = (await holder())!;
    expect(dead).toBeDefined();
    const survivor = instances.find((i) => i !== dead)!;
    // Listeners on the follower: relayed from the engine's instance, then from its own engine.
    const plain = playStream(`${survivor.url}/stream`);
    const titled = playStream(`${survivor.url}/stream`, { 'icy-metadata': '1' });
    const hearing = (more: number, from = [0, 0]) => {
      if (plain.ended || titled.ended) throw new Error('a listener on the follower was cut off');
      return plain.size > from[0]! + more && titled.size > from[1]! + more;
    };
    await waitUntil('the follower to relay the engine', () => hearing(16_000), 30_000, context);
    const killedAt = Date.now();
    kill(dead, 'SIGKILL');
    const track = await newTrackOn(survivor, killedAt, 180_000);
    const seconds = (Date.parse(track.playedAt) - killedAt) / 1000;
    console.info(`[failover] SIGKILL → a new track on the survivor after ${seconds.toFixed(1)} s`);
    try {
      const heardAt = [plain.size, titled.size];
      await waitUntil(
        'the listeners to hear the new engine',
        () => hearing(32_000, heardAt),
        30_000,
        context,
      );
      const metaint = Number(titled.res!.headers['icy-metaint']);
      expect(metaint).toBeGreaterThan(0);
      // Every block at its offset parses, across the switch, and the new engine's title comes through.
      await waitUntil(
        "the new engine's title in the relayed blocks",
        () => readIcy(titled.body(), metaint).titles.at(-1)?.includes(track.song.title),
        20_000,
        () => JSON.stringify(readIcy(titled.body(), metaint).titles),
      );
      expect(plain.ended || titled.ended).toBe(false);
    } finally {
      plain.stop();
      titled.stop();
    }
    expect((await holder())?.url).toBe(survivor.url);
    expect(await doubledPlays()).toBe(0);
    instances.splice(instances.indexOf(dead), 1);
    // A new instance joins as a follower for the next test.
    const joined = await startInstance();
    await newTrackOn(joined, Date.now() - 60_000, 120_000);
    expect((await holder())?.url).toBe(survivor.url);
  }, 400_000);

  it('a frozen engine instance (SIGSTOP): the other takes over; woken, the old one stops its engine and records nothing', async () => {
    const frozen = (await holder())!;
    const other = instances.find((i) => i !== frozen)!;
    const stoppedAt = Date.now();
    kill(frozen, 'SIGSTOP');
    const track = await newTrackOn(other, stoppedAt, 180_000);
    const seconds = (Date.parse(track.playedAt) - stoppedAt) / 1000;
    console.info(`[failover] SIGSTOP → a new track on the other instance after ${seconds.toFixed(1)} s`);
    expect((await holder())?.url).toBe(other.url);
    kill(frozen, 'SIGCONT');
    // Woken past its deadline, it stops its engine (the harbor closes) and takes no lease back.
    await waitUntil(
      'the woken instance to stop its engine',
      async () => !(await portOpen('127.0.0.1', frozen.harborPort)),
      30_000,
      context,
    );
    await new Promise((r) => setTimeout(r, 5_000));
    expect((await holder())?.url).toBe(other.url);
    expect(await doubledPlays()).toBe(0);
  }, 400_000);
});
