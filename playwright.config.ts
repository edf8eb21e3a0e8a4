import { chmodSync, mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { isBuiltinEngineInstalled } from './src/server/integrations/radio/builtin/supervisor';
import { generateTones } from './src/server/integrations/radio/builtin/tones';

/**
 * End-to-end tests in Debian's Chromium against the built app, on a free port with a fresh embedded
 * database. Run `npm run build` first (CI does). Screenshots land in e2e/artifacts and test-results.
 */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

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
  if (process.env.E2E_RADIO_BACKEND === 'builtin') {
    await generateTones(process.env.E2E_MUSIC_DIR, 4, { durationSeconds: 120 });
  }
}
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--autoplay-policy=no-user-gesture-required',
];

export default defineConfig({
  testDir: './e2e',
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
      testIgnore: /mobile/,
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      testMatch: /mobile/,
    },
  ],
  webServer: {
    command: 'node --import tsx src/server/main.ts',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR ?? '',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '1000',
      SITE_TITLE: 'OnAir Radio',
      RADIO_BACKEND: process.env.E2E_RADIO_BACKEND ?? '',
      MUSIC_DIR: process.env.E2E_MUSIC_DIR ?? '',
      ICECAST_PORT: process.env.E2E_ICECAST_PORT ?? '',
      HARBOR_PORT: process.env.E2E_HARBOR_PORT ?? '',
    },
  },
});
