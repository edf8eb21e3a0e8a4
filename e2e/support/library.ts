import path from 'node:path';
import { type Browser, expect } from '@playwright/test';
import { asAdmin, expectNoSideways, shot } from './common';
import { makeTaggedMp3 } from './music';

/**
 * The library screen (docs/product/media-library-and-autodj.md, "The library screen"): two uploaded
 * tracks are selected and added to an existing playlist, then given an album and a genre at once; their
 * rows show the loudness, year, genre and ISRC columns and the playlists they are in; one is edited and
 * previewed in the browser.
 */
export async function libraryScreenJourney(browser: Browser, opts: { mobile: boolean }) {
  const ctx = await asAdmin(browser);
  const page = await ctx.newPage();
  const run = `${opts.mobile ? 'M' : 'D'}${Date.now().toString(36)}`;
  const titles = [`Shelf One ${run}`, `Shelf Two ${run}`];
  const files = titles.map((t) => makeTaggedMp3(t, 'E2E Librarians'));
  const playlistName = `Shelf list ${run}`;
  const made = await page.request.post('/api/media/playlists', {
    data: { name: playlistName, kind: 'rotation', weight: 1, enabled: false },
  });
  expect(made.status()).toBe(201);

  await page.goto('/admin?tab=music');
  const tab = page.getByTestId('music-tab');
  await expect(tab).toBeVisible({ timeout: 30_000 });
  await tab.getByLabel('Audio files to upload').setInputFiles(files);
  for (const f of files)
    await expect(
      tab
        .getByTestId('upload-row')
        .filter({ hasText: path.basename(f) })
        .getByRole('status'),
    ).toContainText('Added', { timeout: 60_000 });

  const library = tab.getByTestId('music-library');
  await library.getByRole('searchbox', { name: 'Search title, artist or album' }).fill(run);
  const rows = library.getByTestId('track-row');
  await expect(rows).toHaveCount(2, { timeout: 15_000 });
  // Loudness is measured at upload: every row shows it in LUFS; nothing is in a playlist yet.
  for (const row of await rows.all()) {
    await expect(row.getByTestId('track-loudness')).toContainText('LUFS');
    await expect(row.getByTestId('track-playlists')).toHaveText('In no playlist');
  }

  // Bulk add to playlist: the picker lists the station's playlists (never "No playlists yet").
  for (const t of titles) await library.getByLabel(`Select ${t}`).check();
  await expect(library).not.toContainText('No playlists yet');
  await library.getByLabel('Playlist', { exact: true }).selectOption({ label: playlistName });
  await library.getByRole('button', { name: 'Add to playlist' }).click();
  await expect(page.getByText(`2 tracks added to ${playlistName}`)).toBeVisible();
  for (const row of await rows.all())
    await expect(row.getByTestId('track-playlists')).toHaveText(`In ${playlistName}`);

  // Bulk edit: album and genre for both, one Apply.
  for (const t of titles) await library.getByLabel(`Select ${t}`).check();
  const bulk = library.getByTestId('bulk-edit');
  await bulk.getByLabel('Album').fill(`Shelf Album ${run}`);
  await bulk.getByLabel('Genre').fill('Library Jazz');
  await bulk.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('2 tracks updated')).toBeVisible();
  for (const row of await rows.all()) {
    await expect(row.getByTestId('track-genre')).toContainText('Library Jazz');
    await expect(row).toContainText(`Shelf Album ${run}`);
  }

  // The edit form has the year and ISRC; the columns show them as saved.
  const first = rows.filter({ hasText: titles[0] });
  await first.getByRole('button', { name: 'Edit' }).click();
  const form = first.getByRole('form', { name: `Edit ${titles[0]}` });
  await form.getByLabel('Year').fill('1983');
  await form.getByLabel('ISRC').fill('gb-aaa-83-00001');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(first.getByTestId('track-year')).toContainText('1983');
  await expect(first.getByTestId('track-isrc')).toContainText('GB-AAA-83-00001');

  // Preview: the browser plays the library's file (the admin-only audio, read with Range).
  const audio = page.waitForResponse((r) => r.url().includes('/audio') && r.ok());
  await first.getByRole('button', { name: `Preview ${titles[0]}` }).click();
  expect([200, 206]).toContain((await audio).status());
  await expect(first.getByRole('button', { name: `Stop ${titles[0]}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await first.getByRole('button', { name: `Stop ${titles[0]}` }).click();

  if (opts.mobile) await expectNoSideways(page);
  await shot(page, `music-library-${opts.mobile ? 'mobile' : 'desktop'}`);
  await ctx.close();
}
