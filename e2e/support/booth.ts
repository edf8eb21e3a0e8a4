import { type Browser, expect } from '@playwright/test';
import { BOOTH_TEXTS } from '../../src/shared/texts/booth';
import { expectNoSideways, member, shot } from './common';

/**
 * A presenter goes live from the presenter panel's web booth with Chromium's fake microphone: the booth
 * turns Live with its clock, the site's own now playing turns live with the presenter; a second presenter
 * is refused with the reason; ending the show brings AutoDJ back.
 */
export async function boothJourney(browser: Browser, label: string) {
  const presenter = await member(browser, `Bo Booth ${label}`, 'presenter');
  const other = await member(browser, `Olga Other ${label}`, 'presenter');
  const { page } = presenter;
  try {
    await page.goto('/presenter/go-live');
    const booth = page.getByTestId('booth');
    await expect(booth.getByRole('heading', { name: BOOTH_TEXTS.heading })).toBeVisible();
    await expect(page.getByTestId('booth-state')).toHaveText(BOOTH_TEXTS.states.idle);
    await booth.getByRole('button', { name: BOOTH_TEXTS.openMic }).click();
    await expect(booth.getByRole('button', { name: BOOTH_TEXTS.mute })).toBeVisible();
    await expectNoSideways(page, `web booth (${label})`);
    await shot(page, `booth-ready-${label}`);

    await booth.getByRole('button', { name: BOOTH_TEXTS.goLive }).click();
    await expect(page.getByTestId('booth-state')).toHaveText(BOOTH_TEXTS.states.live, { timeout: 45_000 });
    await expect(page.getByTestId('booth-clock')).toBeVisible();
    await expect
      .poll(async () => (await page.request.get('/api/now-playing')).json().then((np) => np.live), {
        timeout: 20_000,
      })
      .toMatchObject({ isLive: true, streamerName: `Bo Booth ${label}` });
    await expectNoSideways(page, `web booth live (${label})`);
    await shot(page, `booth-live-${label}`);

    // Another presenter's booth is refused while this show is on air.
    await other.page.goto('/presenter/go-live');
    await other.page.getByTestId('booth').getByRole('button', { name: BOOTH_TEXTS.goLive }).click();
    await expect(other.page.getByTestId('booth').getByRole('alert')).toContainText(
      BOOTH_TEXTS.someoneElseLive(`Bo Booth ${label}`),
    );
    await expect(other.page.getByTestId('booth-state')).toHaveText(BOOTH_TEXTS.states.ended);

    await booth.getByRole('button', { name: BOOTH_TEXTS.endShow }).click();
    await expect(page.getByTestId('booth-state')).toHaveText(BOOTH_TEXTS.states.ended);
    await expect(booth.getByRole('status')).toContainText(BOOTH_TEXTS.ended);
    await expect
      .poll(async () => (await page.request.get('/api/now-playing')).json().then((np) => np.live.isLive), {
        timeout: 30_000,
      })
      .toBe(false);
    await shot(page, `booth-ended-${label}`);
  } finally {
    await presenter.ctx.close();
    await other.ctx.close();
  }
}
