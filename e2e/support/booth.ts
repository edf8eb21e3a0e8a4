import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Page } from '@playwright/test';
import { captureStream, lengthOf, toneLevel } from '../../src/server/test/audio-analysis';
import { BOOTH_TEXTS } from '../../src/shared/texts/booth';
import { BOOTH_TONE_HZ } from './booth-tone';
import { expectNoSideways, member, shot } from './common';
import { startNetworkDrop } from './network-drop';

const T = BOOTH_TEXTS;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The level (dBFS) of the booth's tone in the last 3 s of 8 s of the public stream (Icecast's burst first). */
async function boothToneOnStream(label: string) {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'onair-e2e-booth-')), `${label}.mp3`);
  await captureStream(`http://127.0.0.1:${process.env.E2E_PORT}/stream`, file, sleep(8000));
  const length = await lengthOf(file);
  return toneLevel(file, BOOTH_TONE_HZ, Math.max(0, length - 3), 3);
}

const nowPlaying = async (page: Page) => (await page.request.get('/api/now-playing')).json();

/** The on-air clock in seconds ("1:05" → 65). */
async function clockSeconds(page: Page) {
  const [m, s] = ((await page.getByTestId('booth-clock').textContent()) ?? '').split(':').map(Number);
  return m * 60 + s;
}

/**
 * A presenter goes live from the presenter panel's web booth. Chromium's fake microphone plays the booth
 * tone (playwright.config.ts): the deck loads a song from the station library and plays it; the booth
 * turns Live with its clock, the site's now playing turns live with the presenter and the public stream
 * carries the tone; the browser loses its network for 5 s and carries on into the same show; a second
 * presenter is refused with the reason; ending the show brings AutoDJ back and the show's recording is
 * listed for its presenter.
 */
export async function boothJourney(browser: Browser, label: string) {
  const name = `Bo Booth ${label}`;
  const [presenter, other] = await Promise.all([
    member(browser, name, 'presenter'),
    member(browser, `Olga Other ${label}`, 'presenter'),
  ]);
  const { page } = presenter;
  // The presenter's page reaches the station through a relay that can lose the network.
  const network = await startNetworkDrop(Number(process.env.E2E_DROP_PORT), Number(process.env.E2E_PORT));
  try {
    const otherReady = other.page.goto('/presenter/go-live');
    await page.goto(`${network.origin}/presenter/go-live`);
    const booth = page.getByTestId('booth');
    await expect(booth.getByRole('heading', { name: T.heading })).toBeVisible();
    await expect(page.getByTestId('booth-state')).toHaveText(T.states.idle);

    // The deck: a song from the station library (AutoDJ's own tones), played, paused and cued.
    const library = page.getByTestId('deck-library');
    await library.getByRole('searchbox', { name: T.searchLibrary }).fill('midnight');
    await expect(library.getByTestId('deck-library-track')).toHaveCount(1);
    const audio = page.waitForResponse(
      (r) => /\/api\/media\/tracks\/[^/]+\/audio$/.test(r.url()) && r.status() < 300,
    );
    await library.getByRole('button', { name: T.load('Midnight Drive') }).click();
    await audio;
    await expect(page.getByTestId('deck-loaded')).toHaveText('The Night Owls – Midnight Drive');
    await expect(library.getByText(T.onDeck)).toBeVisible();
    await booth.getByRole('button', { name: T.play, exact: true }).click();
    await booth.getByRole('button', { name: T.pause }).click();
    await booth.getByRole('button', { name: T.cue }).click();
    await library.getByRole('button', { name: T.jingles }).click();
    await expect(library.getByRole('button', { name: T.jingles })).toHaveAttribute('aria-pressed', 'true');
    await library.getByRole('button', { name: T.songs }).click();

    await booth.getByRole('button', { name: T.openMic }).click();
    await expect(booth.getByRole('button', { name: T.mute })).toBeVisible();
    await expectNoSideways(page, `web booth (${label})`);
    await shot(page, `booth-ready-${label}`);

    await booth.getByRole('button', { name: T.goLive }).click();
    await expect(page.getByTestId('booth-state')).toHaveText(T.states.live, { timeout: 30_000 });
    await expect(page.getByTestId('booth-clock')).toBeVisible();
    await expect
      .poll(async () => (await nowPlaying(page)).live, { timeout: 20_000 })
      .toMatchObject({ isLive: true, streamerName: name });
    await expectNoSideways(page, `web booth live (${label})`);
    await shot(page, `booth-live-${label}`);

    // The browser's network drops for 5 s: the show stays on air, and the page carries on into it.
    const before = await clockSeconds(page);
    const drop = network.drop(5_000);
    await expect(page.getByTestId('booth-state')).toHaveText(T.states.reconnecting, { timeout: 5_000 });
    expect((await nowPlaying(other.page)).live).toMatchObject({ isLive: true, streamerName: name });
    await drop;
    await expect(page.getByTestId('booth-state')).toHaveText(T.states.live, { timeout: 15_000 });
    // The same show: its clock ran on through the drop.
    await expect.poll(() => clockSeconds(page)).toBeGreaterThanOrEqual(before + 5);

    await Promise.all([
      // The microphone's tone is what listeners hear, after the drop too.
      (async () => expect(await boothToneOnStream(label)).toBeGreaterThan(-35))(),
      // Another presenter's booth is refused while this show is on air.
      (async () => {
        await otherReady;
        const theirs = other.page.getByTestId('booth');
        await theirs.getByRole('button', { name: T.goLive }).click();
        await expect(theirs.getByRole('alert')).toContainText(T.someoneElseLive(name));
        await expect(other.page.getByTestId('booth-state')).toHaveText(T.states.ended);
      })(),
    ]);

    await booth.getByRole('button', { name: T.endShow }).click();
    await expect(page.getByTestId('booth-state')).toHaveText(T.states.ended);
    await expect(booth.getByRole('status')).toContainText(T.ended);
    await Promise.all([
      expect
        .poll(
          async () => {
            const np = await nowPlaying(page);
            return !np.live.isLive && np.nowPlaying?.source === 'autodj';
          },
          { timeout: 30_000 },
        )
        .toBe(true),
      // The show was recorded: its presenter finds it on Listen again.
      expect
        .poll(
          async () => (await (await page.request.get('/api/recordings/manage')).json()).recordings.length,
          { timeout: 30_000 },
        )
        .toBeGreaterThan(0),
      shot(page, `booth-ended-${label}`),
    ]);
    await page.goto('/listen-again');
    await expect(page.getByTestId('recording-item').filter({ hasText: name }).first()).toBeVisible();
  } finally {
    await network.stop();
    await presenter.ctx.close();
    await other.ctx.close();
  }
}
