import { spawn } from 'node:child_process';
import { type Browser, expect } from '@playwright/test';
import { expectNoSideways, member, shot } from './support';

/**
 * A DJ's encoder: ffmpeg sending a sine as MP3 to the engine's harbor (Icecast source protocol). Like
 * broadcasting software, it connects again when the connection fails (on a busy machine the harbor's
 * 2-second call to the app can time out).
 */
function startDj(user: string, password: string) {
  let stopped = false;
  let child = spawnDj(user, password);
  const again = () => {
    if (stopped) return;
    setTimeout(() => {
      if (stopped) return;
      child = spawnDj(user, password);
      child.on('exit', again);
    }, 2000);
  };
  child.on('exit', again);
  return {
    kill() {
      stopped = true;
      child.kill('SIGKILL');
    },
  };
}

function spawnDj(user: string, password: string) {
  const url = `icecast://${user}:${password}@127.0.0.1:${process.env.E2E_HARBOR_PORT}/live`;
  return spawn(
    'ffmpeg',
    [
      ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-t', '90'],
      ...['-i', 'sine=frequency=550:sample_rate=44100', '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k'],
      ...['-content_type', 'audio/mpeg', '-f', 'mp3', url],
    ],
    { stdio: 'ignore' },
  );
}

/**
 * Stream Info's connection check: "Not connected" with what to check, then "Connected" with the format
 * and since when while the presenter's software (ffmpeg) is on air, then "Not connected" again once it
 * stops. Pushed by the app, never reloaded.
 */
export async function connectionCheckJourney(browser: Browser, label: string) {
  const presenter = await member(browser, `Connie Check ${label}`, 'presenter');
  const { page } = presenter;
  const creds = await (await page.request.post('/api/station/my-credentials')).json();
  await page.goto('/presenter/stream');
  const check = page.getByTestId('connection-check');
  await expect(check.getByRole('heading', { name: 'Connection check' })).toBeVisible();
  await expect(check.getByTestId('connection-state')).toHaveText('Not connected');
  await expect(check).toContainText('nobody else is live');
  await expectNoSideways(page, `stream info, not connected (${label})`);
  await shot(page, `stream-info-not-connected-${label}`);

  const dj = startDj(creds.username, creds.password);
  try {
    await expect(check.getByTestId('connection-state')).toHaveText('Connected', { timeout: 45_000 });
    const details = check.getByTestId('connection-details');
    await expect(details).toContainText('MP3 (audio/mpeg)');
    await expect(details).toContainText('Not reported by your software'); // ffmpeg announces no bitrate
    await expect(details).toContainText(/less than a minute|\d+ min/);
    await check.scrollIntoViewIfNeeded();
    await expectNoSideways(page, `stream info, connected (${label})`);
    await shot(page, `stream-info-connected-${label}`);
  } finally {
    dj.kill();
  }
  await expect(check.getByTestId('connection-state')).toHaveText('Not connected', { timeout: 45_000 });
  await presenter.ctx.close();
}
