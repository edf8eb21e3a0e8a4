import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { writeToneWav } from './e2e/support/booth-tone';
import { isBuiltinEngineInstalled } from './src/server/integrations/radio/builtin/supervisor';
import { generateTones } from './src/server/integrations/radio/builtin/tones';
import { freePort } from './src/server/test/free-port';

/**
 * End-to-end tests in Debian's Chromium against the built app, on a free port with a fresh database: the
 * PostgreSQL database E2E_DATABASE_URL names (CI makes one), or else a fresh embedded one. Run `npm run build` first (CI does). Screenshots land in e2e/artifacts and test-results.
 *
 * Layout: the journeys are e2e/journeys/<area>/<what-it-tests>.spec.ts (`*.mobile.spec.ts` at 390 px in
 * the mobile project), their helpers and fake servers e2e/support/. One worker runs the files in path
 * order on one shared station: e2e/journeys/accounts/ sorts first, and its first test must be the
 * station's first sign-up (who becomes the admin). Every other spec also runs on its own
 * (ensureAdminFirst in e2e/support/common.ts).
 */

// Workers re-read this file: the ports and folders chosen once are passed on through the environment.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = String(await freePort());
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'onair-e2e-'));
  chmodSync(process.env.E2E_DATA_DIR, 0o755); // the engine's unprivileged user must reach DATA_DIR/station
  process.env.E2E_ICECAST_PORT = String(await freePort());
  process.env.E2E_HARBOR_PORT = String(await freePort());
  // The built-in engine when it is installed (CI installs it): AutoDJ plays generated, tagged tones.
  process.env.E2E_RADIO_BACKEND ??= isBuiltinEngineInstalled() ? 'builtin' : 'none';
  process.env.E2E_MUSIC_DIR = path.join(process.env.E2E_DATA_DIR, 'music');
  // A fake Discord (webhooks) and a Discord application key pair: the app verifies, the specs sign.
  process.env.E2E_DISCORD_PORT = String(await freePort());
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string };
  process.env.E2E_DISCORD_PUBLIC_KEY = Buffer.from(jwk.x, 'base64url').toString('hex');
  process.env.E2E_DISCORD_PRIVATE_KEY = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  // A fake Stripe (API, hosted checkout, signed webhooks) for the shop journey.
  process.env.E2E_STRIPE_PORT = String(await freePort());
  // A fake Twitch (started by the news spec on this port) answers the streamers' live checks.
  process.env.E2E_TWITCH_PORT = String(await freePort());
  // Caddy in front of the app over HTTPS (e2e/journeys/site/https-proxy.spec.ts starts it on these ports).
  process.env.E2E_CADDY_PORT = String(await freePort());
  process.env.E2E_CADDY_HTTP_PORT = String(await freePort());
  // A relay the web booth journeys cut to drop the presenter's network (e2e/support/network-drop.ts).
  process.env.E2E_DROP_PORT = String(await freePort());
  if (process.env.E2E_RADIO_BACKEND === 'builtin') {
    await generateTones(process.env.E2E_MUSIC_DIR, 4, { durationSeconds: 120 });
  }
  // The web booth's microphone: a steady tone the journeys then find in the public stream.
  writeToneWav(path.join(process.env.E2E_DATA_DIR, 'booth-tone.wav'));
}
const port = Number(process.env.E2E_PORT);
const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_fake_stripe';
const baseURL = `http://localhost:${port}`;

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
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL,
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
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
  webServer: [
    {
      command: 'node --import tsx e2e/support/fake-discord-server.ts',
      url: `http://127.0.0.1:${process.env.E2E_DISCORD_PORT}/_fake/state`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { FAKE_DISCORD_PORT: process.env.E2E_DISCORD_PORT ?? '' },
    },
    {
      command: 'node --import tsx e2e/support/fake-stripe-server.ts',
      url: `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}/v1/checkout/sessions/ready`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        FAKE_STRIPE_PORT: process.env.E2E_STRIPE_PORT ?? '',
        FAKE_STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
        FAKE_STRIPE_WEBHOOK_URL: `${baseURL}/api/stripe/webhook`,
      },
    },
    {
      command: 'node --import tsx src/server/main.ts',
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      // A fresh embedded database migrates at start: minutes when the machine's cores are busy.
      timeout: 300_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        BASE_URL: baseURL,
        DATA_DIR: process.env.E2E_DATA_DIR ?? '',
        // CI gives a fresh PostgreSQL database, the database a station runs on; without it, the embedded one.
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
        AUTH_RATE_LIMIT_MAX: '1000',
        SITE_TITLE: 'OnAir Radio',
        RADIO_BACKEND: process.env.E2E_RADIO_BACKEND ?? '',
        MUSIC_DIR: process.env.E2E_MUSIC_DIR ?? '',
        ICECAST_PORT: process.env.E2E_ICECAST_PORT ?? '',
        HARBOR_PORT: process.env.E2E_HARBOR_PORT ?? '',
        DISCORD_API_URL: `http://127.0.0.1:${process.env.E2E_DISCORD_PORT}/api/v10`,
        DISCORD_PUBLIC_KEY: process.env.E2E_DISCORD_PUBLIC_KEY ?? '',
        DISCORD_APPLICATION_ID: '1300000000000000001',
        TWITCH_CLIENT_ID: 'e2e-twitch-client',
        TWITCH_CLIENT_SECRET: 'e2e-twitch-secret',
        TWITCH_API_URL: `http://127.0.0.1:${process.env.E2E_TWITCH_PORT}`,
        TWITCH_AUTH_URL: `http://127.0.0.1:${process.env.E2E_TWITCH_PORT}`,
        TWITCH_POLL_SECONDS: '5',
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`,
        // Behind Caddy (e2e/journeys/site/https-proxy.spec.ts): the proxy's address headers and its origin are
        // trusted; so is the web booth journeys' network-drop relay's origin.
        TRUST_PROXY: 'true',
        TRUSTED_ORIGINS: `https://localhost:${process.env.E2E_CADDY_PORT},http://localhost:${process.env.E2E_DROP_PORT}`,
      },
    },
  ],
});
