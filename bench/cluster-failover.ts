/**
 * Failover of the engine across three instances, killed N times (docs/operations/several-instances.md).
 * Three real app processes (main.ts, the real engine) on one PostgreSQL, one bucket (s3rver) and one
 * MUSIC_DIR. Each round: a listener on a follower's /stream and one on the engine instance's /stream; the
 * engine instance's whole process group gets SIGKILL; the listener on it reconnects at once, as a player
 * behind a load balancer does, to a surviving instance. Measured per round:
 *  - the failover: from the kill to a new track on air (its start in now playing) and to that track seen
 *    in now playing on every surviving instance;
 *  - the audio each listener lost: the longest time with no audio reaching it (a player with an empty
 *    buffer hears this much silence; one with a buffer, less).
 * Then a new instance joins as a follower, so every round starts from three. At the end: no play doubled.
 *   node --import tsx bench/cluster-failover.ts [kills=10]
 */
import { chmodSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { generateTones } from '../src/server/integrations/radio/builtin/tones';
import { Cluster, type Instance } from '../src/server/test/cluster/cluster-harness';
import { waitUntil } from '../src/server/test/engine-helpers';
import { startS3Server } from '../src/server/test/s3-server';
import { percentile, scratchDatabase } from './support';

const kills = Number(process.argv[2] ?? 10);

/** A player that notes when each piece of audio arrived; `next` is where it reconnects when cut. */
function listen(url: string, next?: () => string) {
  const arrivals: number[] = [];
  let bytes = 0;
  let stopped = false;
  let req: http.ClientRequest | null = null;
  const open = (at: string) => {
    req = http.get(at, { headers: { 'user-agent': 'VLC/3.0.18' } }, (res) => {
      res.on('data', (c: Buffer) => {
        arrivals.push(Date.now());
        bytes += c.length;
      });
      res.on('close', () => reconnect());
    });
    req.on('error', () => reconnect());
  };
  const reconnect = () => {
    if (stopped || !next) return;
    const to = next();
    setTimeout(() => open(to), 0);
  };
  open(url);
  return {
    get bytes() {
      return bytes;
    },
    /** The longest time without audio between `from` and the last arrival. */
    longestGap(from: number) {
      let last = from;
      let worst = 0;
      for (const t of arrivals) {
        if (t < from) continue;
        worst = Math.max(worst, t - last);
        last = t;
      }
      return worst;
    },
    stop() {
      stopped = true;
      req?.destroy();
    },
  };
}

const db = await scratchDatabase('cluster_failover');
const pool = new pg.Pool({ connectionString: db.url, max: 2 });
const bucket = await startS3Server();
const folder = mkdtempSync(path.join(os.tmpdir(), 'onair-bench-failover-'));
chmodSync(folder, 0o755);
const music = path.join(folder, 'music');
await generateTones(music, 3, { durationSeconds: 30 });
const cluster = new Cluster(
  {
    connectionString: db.url,
    query: async <R>(sql: string, params?: unknown[]) => ({
      rows: (await pool.query(sql, params)).rows as R[],
    }),
  },
  bucket,
  music,
);
const rows: { aired: number; seenEverywhere: number; follower: number; killed: number }[] = [];
try {
  for (let n = 0; n < 3; n++) await cluster.startInstance();
  const startedAt = Date.now() - 60_000;
  for (const i of cluster.instances) await cluster.newTrackOn(i, startedAt, 240_000);
  console.log(`3 instances: ${cluster.instances.map((i) => i.url).join(', ')}`);

  for (let round = 1; round <= kills; round++) {
    const dead = await waitUntil('an engine instance', () => cluster.holder(), 60_000, cluster.context);
    const survivors = cluster.instances.filter((i) => i !== dead);
    const onFollower = listen(`${survivors[0].url}/stream`);
    const onKilled = listen(`${dead.url}/stream`, () => `${survivors[1].url}/stream`);
    await waitUntil(
      'both listeners hearing',
      () => onFollower.bytes > 32_000 && onKilled.bytes > 32_000,
      30_000,
      cluster.context,
    );
    await new Promise((r) => setTimeout(r, 2_000));
    const killedAt = Date.now();
    cluster.kill(dead, 'SIGKILL');
    cluster.forget(dead);
    const seenAt = await Promise.all(
      survivors.map(async (i: Instance) => {
        const track = await cluster.newTrackOn(i, killedAt, 180_000);
        return { seen: Date.now(), playedAt: Date.parse(track.playedAt) };
      }),
    );
    // Both listeners hear the new engine for a while (the burst of its Icecast, then real time).
    const heard = [onFollower.bytes, onKilled.bytes];
    await waitUntil(
      'both listeners hearing the new engine',
      () => onFollower.bytes > heard[0] + 96_000 && onKilled.bytes > heard[1] + 96_000,
      60_000,
      cluster.context,
    );
    const row = {
      aired: (Math.min(...seenAt.map((s) => s.playedAt)) - killedAt) / 1000,
      seenEverywhere: (Math.max(...seenAt.map((s) => s.seen)) - killedAt) / 1000,
      follower: onFollower.longestGap(killedAt - 2_000) / 1000,
      killed: onKilled.longestGap(killedAt - 2_000) / 1000,
    };
    onFollower.stop();
    onKilled.stop();
    rows.push(row);
    console.log(
      `kill ${round}: new track on air after ${row.aired.toFixed(1)} s, seen on every survivor after ` +
        `${row.seenEverywhere.toFixed(1)} s; no audio for ${row.follower.toFixed(1)} s on the follower, ` +
        `${row.killed.toFixed(1)} s on the killed instance`,
    );
    // A new instance joins as a follower, so the next round starts from three.
    const joined = await cluster.startInstance();
    await cluster.newTrackOn(joined, Date.now() - 60_000, 180_000);
  }
  const doubled = await cluster.doubledPlays();
  const summary = (name: keyof (typeof rows)[number]) => {
    const v = rows.map((r) => r[name]).sort((a, b) => a - b);
    return `median ${percentile(v, 50).toFixed(1)} s, worst ${v.at(-1)!.toFixed(1)} s`;
  };
  console.log(`\n${rows.length} kills:`);
  console.log(`  new track on air:                 ${summary('aired')}`);
  console.log(`  seen on every surviving instance: ${summary('seenEverywhere')}`);
  console.log(`  no audio, listener on a follower: ${summary('follower')}`);
  console.log(`  no audio, listener on the killed: ${summary('killed')}`);
  console.log(`  AutoDJ plays < 5 s apart (doubled): ${doubled}`);
} finally {
  cluster.stopAll();
  await pool.end();
  await bucket.close();
  await db.drop();
}
