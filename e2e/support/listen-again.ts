import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { startDjEncoder } from '../../src/server/test/engine-helpers';
import { freePort } from '../../src/server/test/free-port';
import { loginAsAdmin, signUpByApi, uniqueEmail } from './common';

/** Helpers for the Listen again journey (e2e/journeys/listening/listen-again.spec.ts). */

export interface SeedShow {
  title: string;
  presenter: string;
  hidden?: boolean;
  hoursAgo: number;
  seconds: number;
}

/**
 * A second station (the built app, its own fresh database and DATA_DIR, no radio engine) whose recordings
 * are `shows` (e2e/support/listen-again-server.ts): real rows and MP3 files, as the recorder leaves them, at the
 * times the journey needs (recordLiveShow below records a real one on the main station). With `icecastUrl` its live radio is that
 * Icecast's stream (the icecast backend), else it has none.
 */
export async function startSeededStation(shows: SeedShow[], opts: { icecastUrl?: string } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onair-e2e-listen-'));
  chmodSync(dataDir, 0o755);
  const baseURL = `http://localhost:${port}`;
  const child: ChildProcess = spawn('node', ['--import', 'tsx', 'e2e/support/listen-again-server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '1000',
      SITE_TITLE: 'OnAir Radio',
      // Live radio from the main station's Icecast when it runs one (read-only), so that the live player
      // and the recordings' player meet on one page.
      RADIO_BACKEND: opts.icecastUrl ? 'icecast' : 'none',
      ...(opts.icecastUrl ? { ICECAST_URL: opts.icecastUrl } : {}),
      LISTEN_AGAIN_SHOWS: JSON.stringify(shows),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A fresh embedded database migrates at start: allow for a busy machine.
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the seeded station did not start');
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('the seeded station did not answer /healthz in time');
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    baseURL,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * On the main e2e station with the built-in engine: a presenter goes live with ffmpeg for `seconds`, then
 * disconnects; answers the recording once it is listed (within 60 s of the end).
 */
export async function recordLiveShow(browser: Browser, seconds: number) {
  const admin = await browser.newContext();
  await loginAsAdmin(admin.request);
  const presenterCtx = await browser.newContext();
  const name = `Rec Presenter ${Date.now().toString(36)}`;
  const me = await signUpByApi(presenterCtx.request, name, uniqueEmail('recpresenter'));
  const id = me.user.id as string;
  expect((await admin.request.patch(`/api/users/${id}/role`, { data: { role: 'presenter' } })).ok()).toBe(
    true,
  );
  const creds = await (await presenterCtx.request.post('/api/station/my-credentials')).json();
  await expect
    .poll(async () => (await (await admin.request.get('/api/station/status')).json()).onAir, {
      timeout: 30_000,
    })
    .toBe(true);
  const dj = startDjEncoder(Number(process.env.E2E_HARBOR_PORT), creds.username, creds.password);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  dj.child.kill('SIGTERM');
  await dj.exited;
  let found: { id: string; title: string; presenter: string; durationSeconds: number } | undefined;
  await expect
    .poll(
      async () => {
        const res = await admin.request.get(`/api/recordings?presenterId=${encodeURIComponent(id)}`);
        found = (await res.json()).recordings[0];
        return found !== undefined;
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(true);
  await admin.close();
  return { recording: found as NonNullable<typeof found>, presenterId: id, presenterCtx };
}

/** The page's recordings player, as a listener would check it: playing, and where in the show. */
export async function recordingAudioState(page: Page) {
  return page.getByTestId('recording-audio').evaluate((el) => {
    const a = el as HTMLAudioElement;
    return { paused: a.paused, currentTime: a.currentTime, src: a.currentSrc };
  });
}

/**
 * On /listen-again: plays the recording titled `title`, checks that sound advances, then seeks with the
 * keyboard on its seek bar and checks the player moved there. Answers the ranges the browser asked for.
 */
export async function playAndSeek(page: Page, title: string, presenter?: string) {
  const statuses: number[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/recordings/') && r.url().endsWith('/audio.mp3')) statuses.push(r.status());
  });
  // Other journeys' shows may share the title ("Live show"): the presenter tells them apart.
  const titled = page.getByTestId('recording-item').filter({ hasText: title });
  const item = presenter ? titled.filter({ hasText: presenter }) : titled;
  await item.getByRole('button', { name: `Play ${title}` }).click();
  await expect(item).toHaveAttribute('data-playing', 'true');
  await expect
    .poll(async () => (await recordingAudioState(page)).currentTime, { timeout: 15_000 })
    .toBeGreaterThan(0.5);
  const seek = item.getByRole('slider', { name: new RegExp(`Position: ${title}`) });
  await expect(seek).toBeVisible();
  await seek.focus();
  for (let i = 0; i < 20; i++) await seek.press('ArrowRight');
  await expect
    .poll(async () => (await recordingAudioState(page)).currentTime, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(20);
  await expect(item.getByTestId('recording-position')).toHaveText(/^0:[2-5]\d$/);
  expect((await recordingAudioState(page)).paused).toBe(false);
  return { statuses, item };
}

/** A signed-in member of the given station (the first one there is its admin). */
export async function memberOf(browser: Browser, baseURL: string, name: string) {
  const ctx = await browser.newContext({ baseURL });
  const me = await signUpByApi(ctx.request, name, uniqueEmail(name.split(' ')[0].toLowerCase()));
  return { ctx, id: me.user.id as string, request: ctx.request as APIRequestContext };
}
