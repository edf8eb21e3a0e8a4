import { expect, type Page } from '@playwright/test';
import { expectNoSideways, shot } from './common';

/**
 * Stream qualities: the player's Quality menu offers High 128 kbps and Low 64 kbps, switches
 * the playing stream at once, and is remembered on the device. Run by e2e/journeys/listening/stream-qualities.spec.ts (desktop: the
 * menu is in the player bar) and e2e/journeys/listening/stream-qualities.mobile.spec.ts (390 px: in the bar's volume panel).
 */
const playerBar = (page: Page) => page.locator('[data-testid="radio-player"][data-variant="bar"]');

export async function pickQualityFlow(page: Page, shotName: string) {
  await page.goto('/schedule');
  // On air first (the engine starts with the server).
  const marker = page.getByRole('banner').getByTestId('on-air-marker');
  await expect(marker).toHaveAttribute('data-state', 'autodj', { timeout: 60_000 });
  const bar = playerBar(page);
  await expect(bar).toBeVisible();
  const volumePanel = bar.getByRole('button', { name: 'Volume settings' });
  const openPanel = async () => {
    if (await volumePanel.isVisible()) await volumePanel.click();
  };
  await openPanel();
  const quality = bar.getByLabel('Quality');
  await expect(quality).toBeVisible({ timeout: 20_000 });
  await expect(quality.locator('option')).toHaveText(['High 128 kbps', 'Low 64 kbps']);
  await expect(quality).toHaveValue('128');
  await expectNoSideways(page);

  const audio = page.getByTestId('radio-audio');
  await bar.getByRole('button', { name: 'Play' }).click();
  await expect(audio).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  expect(await audio.evaluate((el: HTMLAudioElement) => new URL(el.src).pathname)).toBe('/stream');

  // With the keyboard: the low quality plays at once, without pressing Play again.
  await quality.focus();
  await quality.selectOption('64');
  await expect
    .poll(() => audio.evaluate((el: HTMLAudioElement) => new URL(el.src).pathname))
    .toBe('/stream/64');
  await expect(audio).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  await shot(page, shotName, { fullPage: false });
  await bar.getByRole('button', { name: 'Pause' }).click();

  // Remembered next time.
  await page.reload();
  await openPanel();
  await expect(bar.getByLabel('Quality')).toHaveValue('64');
  await bar.getByRole('button', { name: 'Play' }).click();
  await expect(audio).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  expect(await audio.evaluate((el: HTMLAudioElement) => new URL(el.src).pathname)).toBe('/stream/64');
  await bar.getByRole('button', { name: 'Pause' }).click();
  await page.evaluate(() => localStorage.removeItem('onair.player.quality'));
}
