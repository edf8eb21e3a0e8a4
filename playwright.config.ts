import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { writeToneWav } from './e2e/support/booth-tone';
import { isBuiltinEngineInstalled } from './src/server/integrations/radio/builtin/supervisor';
import { generateTones } from './src/server/integrations/radio/builtin/tones';
import { freePorts } from './src/server/test/free-port';

/**
 * End-to-end tests in Debian's Chromium against the built app, on fresh stations (below): each on free
 * ports with a fresh database, the PostgreSQL databases E2E_DATABASE_URL names or else a fresh embedded one.
 * Run `npm run build` first (CI does). Screenshots land in e2e/artifacts and test-results.
 *
 * Layout: the journeys are e2e/journeys/<area>/<what-it-tests>.spec.ts (`*.mobile.spec.ts` at 390 px in
 * the mobile project), their helpers and fake servers e2e/support/. Each worker runs whole files, in path
 * order, on its own station: e2e/journeys/accounts/ sorts first and goes to the first worker, and its first
 * test must be that station's first sign-up (who becomes the admin). Every other spec also runs on its own
 * (ensureAdminFirst in e2e/support/common.ts), so it runs on either station after any other files.
 */
/**
 * How many stations the journeys run on, one worker each (E2E_STATIONS, 2 unless told): each is a whole
 * station of its own (app, database, engine, fake Discord and Stripe, ports), so two journeys running at the
 * same time never share a station's state. The worker with parallel index i uses station i.
 */
const STATIONS = Math.max(1, Number(process.env.E2E_STATIONS ?? 2));
/** The ports each station takes: its app, its engine's Icecast and harbor, its fakes, Caddy and the drop relay. */
const PORTS = [
  'PORT',
  'ICECAST_PORT',
  'HARBOR_PORT',
  'DISCORD_PORT',
  'STRIPE_PORT',
  'TWITCH_PORT',
  'CADDY_PORT',
  'CADDY_HTTP_PORT',
  'DROP_PORT',
] as const;
/** What differs from station to station: set as E2E_S<i>_<NAME>, read by the journeys as E2E_<NAME>. */
const PER_STATION = [...PORTS, 'DATA_DIR', 'MUSIC_DIR', 'DATABASE_URL'] as const;
type StationKey = (typeof PER_STATION)[number];
type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number];
const env = (station: number, key: StationKey) => process.env[`E2E_S${station}_${key}`] ?? '';

// Workers re-read this file: the ports and folders chosen once are passed on through the environment.
if (!process.env.E2E_S0_PORT) {
  // E2E_DATABASE_URL: PostgreSQL databases for the stations, comma-separated, one each.
  const databases = process.env.E2E_DATABASE_URL?.split(',').filter(Boolean) ?? [];
  if (databases.length > 0 && databases.length !== STATIONS) {
    throw new Error(`E2E_DATABASE_URL names ${databases.length} databases for ${STATIONS} stations`);
  }
  // The built-in engine when it is installed (CI installs it): AutoDJ plays generated, tagged tones.
  process.env.E2E_RADIO_BACKEND ??= isBuiltinEngineInstalled() ? 'builtin' : 'none';
  // Every station's ports at once: held open together, so no two are the same.
  const ports = await freePorts(STATIONS * PORTS.length);
  for (let i = 0; i < STATIONS; i++) {
    const set = (key: StationKey, value: string) => {
      process.env[`E2E_S${i}_${key}`] = value;
    };
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onair-e2e-'));
    chmodSync(dataDir, 0o755); // the engine's unprivileged user must reach DATA_DIR/station
    set('DATA_DIR', dataDir);
    set('MUSIC_DIR', path.join(dataDir, 'music'));
    set('DATABASE_URL', databases[i] ?? '');
    // A fake Discord (webhooks) and a fake Stripe (API, hosted checkout, signed webhooks) per station; a fake
    // Twitch (started by the news journey) answers the streamers' live checks; Caddy in front of the app over
    // HTTPS (site/https-proxy.spec.ts); a relay the web booth journeys cut (e2e/support/network-drop.ts).
    for (const [k, key] of PORTS.entries()) set(key, String(ports[i * PORTS.length + k]));
    if (process.env.E2E_RADIO_BACKEND === 'builtin') {
      if (i === 0) await generateTones(env(0, 'MUSIC_DIR'), 4, { durationSeconds: 120 });
      else cpSync(env(0, 'MUSIC_DIR'), env(i, 'MUSIC_DIR'), { recursive: true });
    }
    // The web booth's microphone: a steady tone the journeys then find in the public stream.
    writeToneWav(path.join(dataDir, 'booth-tone.wav'));
  }
  // The Discord application's key pair: the apps verify, the journeys sign.
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string };
  process.env.E2E_DISCORD_PUBLIC_KEY = Buffer.from(jwk.x, 'base64url').toString('hex');
  process.env.E2E_DISCORD_PRIVATE_KEY = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
}
// In a worker, its station's values under the names the journeys read (the runner itself: station 0).
const station = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % STATIONS;
for (const key of PER_STATION) process.env[`E2E_${key}`] = env(station, key);

const port = Number(process.env.E2E_PORT);
const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_fake_stripe';
const baseURL = `http://localhost:${port}`;

/**
 * Debian's Chromium headless shell (package chromium-headless-shell): the same engine as `/usr/bin/chromium`
 * without the desktop browser's shell, and cheaper: all journeys 1,736 against 1,927 CPU-seconds of the
 * machine, one chat journey file 72 against 104 (docs/testing.md). `/usr/bin/chromium` where it is
 * missing, or `CHROMIUM_PATH`.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--autoplay-policy=no-user-gesture-required',
  // The web booth's microphone: Chromium's fake device playing the booth tone (looped), allowed without asking.
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-audio-capture=${path.join(process.env.E2E_DATA_DIR ?? '', 'booth-tone.wav')}`,
];

export default defineConfig({
  testDir: './e2e/journeys',
  outputDir: './test-results',
  fullyParallel: false,
  workers: STATIONS,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL,
    screenshot: 'on',
    // No trace unless E2E_TRACE=1 asks (a failed journey then keeps its actions, network and DOM snapshots):
    // recording them for every journey cost a tenth of the journeys' CPU, and a failure already leaves its
    // screenshot, its error context (the page's accessibility tree) and the station's log (docs/testing.md).
    trace: process.env.E2E_TRACE === '1' ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testIgnore: /\.mobile\.spec\.ts$/,
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      testMatch: /\.mobile\.spec\.ts$/,
    },
  ],
  webServer: Array.from({ length: STATIONS }, (_, i): WebServer[] => [
    {
      command: 'node --import tsx e2e/support/fake-discord-server.ts',
      url: `http://127.0.0.1:${env(i, 'DISCORD_PORT')}/_fake/state`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { FAKE_DISCORD_PORT: env(i, 'DISCORD_PORT') },
    },
    {
      command: 'node --import tsx e2e/support/fake-stripe-server.ts',
      url: `http://127.0.0.1:${env(i, 'STRIPE_PORT')}/v1/checkout/sessions/ready`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        FAKE_STRIPE_PORT: env(i, 'STRIPE_PORT'),
        FAKE_STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
        FAKE_STRIPE_WEBHOOK_URL: `http://localhost:${env(i, 'PORT')}/api/stripe/webhook`,
      },
    },
    {
      command: 'node --import tsx src/server/main.ts',
      url: `http://localhost:${env(i, 'PORT')}/healthz`,
      reuseExistingServer: false,
      // A fresh embedded database migrates at start: minutes when the machine's cores are busy.
      timeout: 300_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: env(i, 'PORT'),
        HOST: '127.0.0.1',
        BASE_URL: `http://localhost:${env(i, 'PORT')}`,
        DATA_DIR: env(i, 'DATA_DIR'),
        // CI gives a fresh PostgreSQL database, the database a station runs on; without it, the embedded one.
        DATABASE_URL: env(i, 'DATABASE_URL'),
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
        AUTH_RATE_LIMIT_MAX: '1000',
        SITE_TITLE: 'OnAir Radio',
        RADIO_BACKEND: process.env.E2E_RADIO_BACKEND ?? '',
        MUSIC_DIR: env(i, 'MUSIC_DIR'),
        ICECAST_PORT: env(i, 'ICECAST_PORT'),
        HARBOR_PORT: env(i, 'HARBOR_PORT'),
        DISCORD_API_URL: `http://127.0.0.1:${env(i, 'DISCORD_PORT')}/api/v10`,
        DISCORD_PUBLIC_KEY: process.env.E2E_DISCORD_PUBLIC_KEY ?? '',
        DISCORD_APPLICATION_ID: '1300000000000000001',
        TWITCH_CLIENT_ID: 'e2e-twitch-client',
        TWITCH_CLIENT_SECRET: 'e2e-twitch-secret',
        TWITCH_API_URL: `http://127.0.0.1:${env(i, 'TWITCH_PORT')}`,
        TWITCH_AUTH_URL: `http://127.0.0.1:${env(i, 'TWITCH_PORT')}`,
        TWITCH_POLL_SECONDS: '5',
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: `http://127.0.0.1:${env(i, 'STRIPE_PORT')}`,
        // Behind Caddy (e2e/journeys/site/https-proxy.spec.ts): the proxy's address headers and its origin are
        // trusted; so is the web booth journeys' network-drop relay's origin.
        TRUST_PROXY: 'true',
        TRUSTED_ORIGINS: `https://localhost:${env(i, 'CADDY_PORT')},http://localhost:${env(i, 'DROP_PORT')}`,
      },
    },
  ]).flat(),
});
