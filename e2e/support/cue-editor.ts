import path from 'node:path';
import { type Browser, expect } from '@playwright/test';
import { asAdmin, expectNoSideways, shot } from './common';
import { makeTaggedMp3 } from './music';

/**
 * An admin uploads a track, opens its Cue & fade editor from the library, sees the waveform, is told what
 * cannot be saved, saves cue points and fades, and finds them again when the editor opens anew.
 */
export async function cueAndFadeThroughLibrary(browser: Browser, opts: { mobile: boolean }) {
  const ctx = await asAdmin(browser);
  const page = await ctx.newPage();
  const title = `Cue Check ${Date.now().toString(36)}`;
  const file = makeTaggedMp3(title, 'E2E Cuers');
  await page.goto('/admin?tab=music');
  const tab = page.getByTestId('music-tab');
  await expect(tab).toBeVisible({ timeout: 30_000 });
  await tab.getByLabel('Audio files to upload').setInputFiles(file);
  const upload = tab.getByTestId('upload-row').filter({ hasText: path.basename(file) });
  await expect(upload.getByRole('status')).toContainText('Added', { timeout: 60_000 });
  await tab.getByRole('searchbox', { name: 'Search title, artist or album' }).fill(title);
  const track = tab.getByTestId('track-row').filter({ hasText: title });
  await expect(track).toHaveCount(1, { timeout: 15_000 });
  // The row's actions, the Cue & fade button among them, fit the width.
  if (opts.mobile) await expectNoSideways(page);

  await track.getByRole('button', { name: `Cue & fade of ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Cue & fade' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('img', { name: `Waveform of ${title}` })).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByLabel('Cue in (s)')).toHaveValue('0');
  await expect(dialog.getByLabel('Cue out (s)')).toHaveValue('6');
  if (opts.mobile) await expectNoSideways(page);
  await shot(page, `music-cue-editor-${opts.mobile ? 'mobile' : 'desktop'}`);

  // What the server would refuse is said first, by the field, and cannot be saved.
  await dialog.getByLabel('Fade in (s)').fill('5.5');
  await dialog.getByLabel('Cue in (s)').fill('1');
  await expect(dialog.getByText('Shorter than the cued length (0:05.0)')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await shot(page, `music-cue-editor-refused-${opts.mobile ? 'mobile' : 'desktop'}`);

  await dialog.getByLabel('Fade in (s)').fill('0.5');
  await dialog.getByLabel('Cue out (s)').fill('5');
  await dialog.getByLabel('Fade out (s)').fill('1');
  await expect(dialog.getByText('Plays for 0:04.0')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Cue and fade saved')).toBeVisible();
  await expect(dialog).toBeHidden();

  await track.getByRole('button', { name: `Cue & fade of ${title}` }).click();
  await expect(dialog.getByLabel('Cue in (s)')).toHaveValue('1');
  await expect(dialog.getByLabel('Cue out (s)')).toHaveValue('5');
  await expect(dialog.getByLabel('Fade in (s)')).toHaveValue('0.5');
  await expect(dialog.getByLabel('Fade out (s)')).toHaveValue('1');
  await ctx.close();
}
