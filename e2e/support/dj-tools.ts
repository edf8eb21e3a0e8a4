import { type Browser, expect } from '@playwright/test';
import { startDjEncoder } from '../../src/server/test/engine-helpers';
import { asAdmin, expectNoSideways, member, shot } from './common';

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
  return startDjEncoder(Number(process.env.E2E_HARBOR_PORT), user, password).child;
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

/**
 * The booked-slot rule: an admin turns it on in Site Settings; a presenter with no slot now is refused
 * at the harbor, and their connection check explains the rule and the refusal. Turned off again after,
 * for the other specs that go live.
 */
export async function bookedSlotsJourney(browser: Browser) {
  const admin = await asAdmin(browser);
  const page = await admin.newPage();
  const presenter = await member(browser, 'Sloane Slotless', 'presenter');
  const creds = await (await presenter.page.request.post('/api/station/my-credentials')).json();
  try {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole('tab', { name: 'Site Settings' }).click();
    const rule = page.getByLabel(
      'Presenters may go live only in their booked slots, give or take 10 minutes',
    );
    await expect(rule).not.toBeChecked();
    await rule.check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved').first()).toBeVisible();
    expect((await (await page.request.get('/api/settings/site')).json()).liveOnlyInBookedSlots).toBe(true);

    const dj = spawnDj(creds.username, creds.password);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        dj.kill('SIGKILL');
        resolve();
      }, 10_000);
      dj.on('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    const me = presenter.page;
    await me.goto('/presenter/stream');
    const check = me.getByTestId('connection-check');
    await expect(check.getByTestId('connection-state')).toHaveText('Not connected');
    await expect(check).toContainText('This station lets presenters go live only in their booked slots');
    await expect(check.getByTestId('last-refusal')).toContainText('Outside your booked slots');
    await shot(me, 'stream-info-refused-outside-slot');
  } finally {
    await page.request.patch('/api/settings/site', { data: { liveOnlyInBookedSlots: false } });
    await presenter.ctx.close();
    await admin.close();
  }
}
