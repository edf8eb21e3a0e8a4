/**
 * A newcomer clones into root's home folder (mode 700) and runs the app as root: the station user cannot
 * traverse that folder, yet the station goes on air. The runtime folder moves under STATION_RUNTIME_BASE
 * and AutoDJ plays a mirror of the music folder (hard links where possible, copies otherwise).
 * Runs as root with icecast2 and liquidsoap installed (CI); skipped, with a warning, elsewhere.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../../db/client';
import { startStandInApp, testEngine, waitUntil } from '../../../test/engine-helpers';
import { createRecordingSink } from '../../../test/fakes/recording-sink';
import { freePorts } from '../../../test/free-port';
import { freshDatabase } from '../../../test/test-app';
import { type BuiltinBackend, isBuiltinEngineInstalled } from './builtin-backend';
import { mirrorMusic } from './music-mirror';
import { type GeneratedTone, generateTones } from './tones';

const asRoot = process.getuid?.() === 0;
const runs = isBuiltinEngineInstalled() && asRoot;
if (!runs) {
  console.warn('[builtin engine] private-folder test SKIPPED: it needs root and icecast2 + liquidsoap.');
}

describe.skipIf(!runs)('the built-in engine from a private folder, as root', () => {
  const sink = createRecordingSink();
  let dbh: (DbHandle & { drop(): Promise<void> }) | undefined;
  let backend: BuiltinBackend | undefined;
  let app: import('node:http').Server | undefined;
  let home = '';
  let base = '';
  let tones: GeneratedTone[] = [];

  beforeAll(async () => {
    dbh = await freshDatabase();
    // Like /root: nobody but root may enter. The checkout, its data and its music live inside.
    home = mkdtempSync(path.join(os.tmpdir(), 'onair-root-home-'));
    chmodSync(home, 0o700);
    base = mkdtempSync(path.join(os.tmpdir(), 'onair-runtime-base-'));
    chmodSync(base, 0o755);
    const musicDir = path.join(home, 'onair', 'music');
    tones = await generateTones(musicDir, 2, { durationSeconds: 30 });
    chmodSync(path.join(musicDir, readdirSync(musicDir)[0]), 0o600); // one file only root may read
    const [icecastPort, harborPort, appPort] = await freePorts(3);
    app = await startStandInApp(appPort, () => backend, { posted: [], authCalls: [] });
    backend = testEngine({
      ports: { icecast: icecastPort, harbor: harborPort, app: appPort },
      config: {
        MUSIC_DIR: musicDir,
        STATION_RUNTIME_BASE: base,
        dataDir: path.join(home, 'onair', 'data'),
        SITE_TITLE: 'OnAir Private FM',
      },
      db: dbh.db,
      listenerPollMs: 500,
    });
    await backend.start(sink.sink);
  }, 60_000);

  afterAll(async () => {
    await backend?.stop();
    await new Promise((r) => (app ? app.close(r) : r(null)));
    await dbh?.drop();
    for (const d of [home, base]) if (d) rmSync(d, { recursive: true, force: true });
  });

  it('goes on air with AutoDJ playing the private music folder', async () => {
    const first = await waitUntil(
      'the first AutoDJ track',
      () => sink.tracks.find((t) => t.source === 'autodj'),
      20_000,
      () => backend?.recentEngineOutput() ?? '',
    );
    expect(tones.map((t) => t.title)).toContain(first.title);
    const status = await waitUntil('the mount on air', async () => {
      const s = await backend!.status();
      return s.onAir ? s : null;
    });
    expect(status.onAir).toBe(true);
  });

  it('keeps its runtime folder and the music mirror under STATION_RUNTIME_BASE, owned by the station user', () => {
    const [runtime] = readdirSync(base);
    expect(runtime).toMatch(/^station-[0-9a-f]{12}$/);
    const dir = path.join(base, runtime);
    expect(statSync(dir).uid).toBe(65534);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(existsSync(path.join(dir, 'radio.liq'))).toBe(true);
    const mirrored = readdirSync(path.join(dir, 'music'));
    expect(mirrored).toHaveLength(2);
    // The private home folder was not opened up.
    expect(statSync(home).mode & 0o777).toBe(0o700);
  });
});

describe('mirrorMusic', () => {
  it('links readable files, copies private ones, follows additions and removals', async () => {
    const src = mkdtempSync(path.join(os.tmpdir(), 'onair-mirror-src-'));
    const dst = path.join(mkdtempSync(path.join(os.tmpdir(), 'onair-mirror-dst-')), 'music');
    mkdirSync(path.join(src, 'album'));
    await generateTones(path.join(src, 'album'), 2, { durationSeconds: 1 });
    const files = readdirSync(path.join(src, 'album'));
    chmodSync(path.join(src, 'album', files[1]), 0o600);
    const me = { name: 'me', uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
    expect(mirrorMusic(src, dst, me)).toEqual({ linked: 1, copied: 1, removed: 0 });
    expect(readdirSync(dst).sort()).toEqual(files.map((f) => `album__${f}`).sort());
    expect(mirrorMusic(src, dst, me)).toEqual({ linked: 0, copied: 0, removed: 0 });
    rmSync(path.join(src, 'album', files[0]));
    expect(mirrorMusic(src, dst, me)).toEqual({ linked: 0, copied: 0, removed: 1 });
    rmSync(src, { recursive: true, force: true });
  });
});
