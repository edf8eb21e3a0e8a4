import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateTones } from '../integrations/radio/builtin/tones';
import { freePorts } from './free-port';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';

export interface EngineTestApp {
  t: TestApp;
  dataDir: string;
  /** MUSIC_DIR, with the generated tones (the engine's local rotation). */
  music: string;
  appPort: number;
  icecastPort: number;
  harborPort: number;
  /** The app's own address once it listens. */
  base: string;
  /** Starts listening on appPort, which starts the engine (it calls the app back there). */
  listen(): Promise<void>;
}

/**
 * A test app on the real built-in engine (Icecast and Liquidsoap), for the *.integration tests: its own
 * DATA_DIR (readable by the engine's unprivileged user), `tones` generated tracks of `toneSeconds` in
 * MUSIC_DIR (0: the test puts its own there), and free ports for the app, Icecast and the harbor. The
 * engine starts once the test calls listen(), after its own set-up.
 */
export async function createEngineTestApp(
  name: string,
  opts: { tones?: number; toneSeconds?: number } & Pick<TestAppOptions, 'db' | 'deps'> = {},
): Promise<EngineTestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `onair-${name}-`));
  chmodSync(dataDir, 0o755);
  const music = path.join(dataDir, 'music');
  if ((opts.tones ?? 2) > 0)
    await generateTones(music, opts.tones ?? 2, { durationSeconds: opts.toneSeconds ?? 60 });
  const [appPort, icecastPort, harborPort] = await freePorts(3);
  const t = await createTestApp({
    env: {
      RADIO_BACKEND: 'builtin',
      DATA_DIR: dataDir,
      MUSIC_DIR: music,
      PORT: String(appPort),
      ICECAST_PORT: String(icecastPort),
      HARBOR_PORT: String(harborPort),
    },
    db: opts.db,
    deps: opts.deps,
  });
  return {
    ...{ t, dataDir, music, appPort, icecastPort, harborPort },
    base: `http://127.0.0.1:${appPort}`,
    async listen() {
      await t.listen(appPort);
    },
  };
}
