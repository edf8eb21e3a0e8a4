import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { recordingsStore } from '../../src/server/modules/recordings/recordings.service';
import { recordings } from '../../src/server/modules/recordings/recordings.table';

/**
 * The built app with show recordings already in place, for e2e/journeys/listening/listen-again.spec.ts while no spec can
 * record a live show yet: a fresh station (its own DATA_DIR and embedded database, from the environment,
 * as main.ts) whose recordings table holds the shows of `LISTEN_AGAIN_SHOWS` (JSON: [{ title, presenter,
 * hidden?, hoursAgo, seconds }]) with real MP3 files in the object store's "recordings" area. The rows
 * and files are the ones the recorder makes; nothing here is a stand-in for the server.
 */
function tone(seconds: number, frequency: number): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'onair-e2e-rec-'));
  const file = path.join(dir, 'show.mp3');
  execFileSync('ffmpeg', [
    ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `sine=frequency=${frequency}:sample_rate=44100:duration=${seconds}`],
    ...['-ac', '1', '-c:a', 'libmp3lame', '-b:a', '64k', file],
  ]);
  return readFileSync(file);
}

interface SeedShow {
  title: string;
  presenter: string;
  hidden?: boolean;
  hoursAgo: number;
  seconds: number;
}

async function main() {
  const config = loadConfig();
  const app = await buildApp(config, { jobsAfterListen: true });
  const shows = JSON.parse(process.env.LISTEN_AGAIN_SHOWS ?? '[]') as SeedShow[];
  const store = recordingsStore(app.ctx);
  let i = 0;
  for (const s of shows) {
    i += 1;
    const mp3 = tone(s.seconds, 330 + i * 110);
    const startedAt = new Date(Date.now() - s.hoursAgo * 3_600_000);
    const key = `seed/${startedAt.toISOString().slice(0, 10)}-${i}.mp3`;
    await store.put(key, mp3, { contentType: 'audio/mpeg' });
    await app.ctx.db.insert(recordings).values({
      showTitle: s.title,
      presenterName: s.presenter,
      startedAt,
      endedAt: new Date(startedAt.getTime() + s.seconds * 1000),
      durationSeconds: s.seconds,
      byteSize: mp3.length,
      storageKey: key,
      hidden: s.hidden ?? false,
    });
  }
  await app.listen({ host: config.HOST, port: config.PORT });
  const stop = () => void app.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
