import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect } from '@playwright/test';
import { asAdmin, expectNoSideways, shot } from './common';

/** A short tagged MP3 made with ffmpeg, with a title unique to this run. */
export function makeTaggedMp3(title: string, artist: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'onair-e2e-music-'));
  const file = path.join(dir, `${title.replace(/\W+/g, '-')}.mp3`);
  execFileSync('ffmpeg', [
    ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=523:sample_rate=44100:duration=6'],
    ...['-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k', '-id3v2_version', '3'],
    ...['-metadata', `title=${title}`, '-metadata', `artist=${artist}`, file],
  ]);
  return file;
}

/**
 * An admin opens Admin Panel → Music, uploads a file through the page's picker, sees its progress and
 * its result, and finds the track in the library list by searching for it.
 */
export async function uploadThroughMusicTab(browser: Browser, opts: { mobile: boolean }) {
  const ctx = await asAdmin(browser);
  const page = await ctx.newPage();
  const title = `Upload Check ${Date.now().toString(36)}`;
  const file = makeTaggedMp3(title, 'E2E Uploaders');
  await page.goto('/admin?tab=music');
  const tab = page.getByTestId('music-tab');
  await expect(tab).toBeVisible({ timeout: 30_000 });
  await expect(tab.getByRole('heading', { name: 'Music', exact: true })).toBeVisible();

  await tab.getByLabel('Audio files to upload').setInputFiles(file);
  const row = tab.getByTestId('upload-row').filter({ hasText: path.basename(file) });
  await expect(row).toBeVisible();
  // The progress (a bar while sending, then the check) gives way to the result.
  await expect(row.getByRole('status')).toHaveText(`Added: E2E Uploaders – ${title}`, { timeout: 60_000 });

  await tab.getByRole('searchbox', { name: 'Search title, artist or album' }).fill(title);
  const track = tab.getByTestId('track-row').filter({ hasText: title });
  await expect(track).toHaveCount(1, { timeout: 15_000 });
  await expect(track).toContainText('E2E Uploaders');
  await expect(track).toContainText('0:06');
  if (opts.mobile) await expectNoSideways(page);
  await shot(page, `music-upload-${opts.mobile ? 'mobile' : 'desktop'}`);
  await ctx.close();
}

/** What the upload API answers for a file that is not audio: the same refusal the page shows. */
export async function refusedThroughMusicTab(browser: Browser) {
  const ctx = await asAdmin(browser);
  const page = await ctx.newPage();
  await page.goto('/admin?tab=music');
  const tab = page.getByTestId('music-tab');
  await expect(tab).toBeVisible({ timeout: 30_000 });
  await tab.getByLabel('Audio files to upload').setInputFiles({
    name: 'not-a-song.mp3',
    mimeType: 'audio/mpeg',
    buffer: Buffer.from('just text'),
  });
  const row = tab.getByTestId('upload-row').filter({ hasText: 'not-a-song.mp3' });
  await expect(row.getByRole('status')).toContainText('not-a-song.mp3: not an audio file', {
    timeout: 30_000,
  });
  await ctx.close();
}
