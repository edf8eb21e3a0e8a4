import { expect, test } from '@playwright/test';
import { asAdmin, shot } from '../../support/common';
import { makeTaggedMp3 } from '../../support/music';

/**
 * Programming: an admin uploads a track, makes a playlist with it in the Music tab, sees it
 * at the head of the queue, skips the track on air, and hears (sees in now playing) the playlist's track
 * on the built-in engine. The playlist is scheduled all day, so it replaces the rotation while it
 * exists (the "All music" rotation would otherwise share the air); it is deleted at the end.
 */
test('a playlist with an uploaded track is what the built-in engine plays next', async ({ browser }) => {
  test.skip(
    process.env.E2E_RADIO_BACKEND !== 'builtin',
    'needs the built-in engine (icecast2 and liquidsoap)',
  );
  test.setTimeout(180_000);
  const ctx = await asAdmin(browser);
  const page = await ctx.newPage();
  page.on('dialog', (d) => void d.accept());
  const stamp = Date.now().toString(36);
  const title = `Programmed ${stamp}`;
  const playlistName = `All day ${stamp}`;
  const file = makeTaggedMp3(title, 'E2E Programmers');

  await page.goto('/admin?tab=music');
  const tab = page.getByTestId('music-tab');
  await expect(tab).toBeVisible({ timeout: 30_000 });
  await tab.getByLabel('Audio files to upload').setInputFiles(file);
  await expect(tab.getByTestId('upload-row').getByRole('status')).toContainText(title, { timeout: 60_000 });

  // A scheduled playlist in force all day, every day.
  await page.getByRole('button', { name: 'New playlist' }).click();
  const form = page.getByRole('dialog', { name: 'New playlist' });
  await form.getByLabel('Name').fill(playlistName);
  await form.getByLabel('Kind').selectOption('scheduled');
  await form.getByRole('button', { name: 'Add a window' }).click();
  // A new window starts empty: every day is ticked by hand.
  for (const day of ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']) await form.getByLabel(day).check();
  await form.getByLabel('Start').fill('00:00');
  await form.getByLabel('End').fill('00:00');
  await form.getByRole('button', { name: 'Create playlist' }).click();

  // Its tracks: found in the library and added.
  const tracks = page.getByRole('dialog', { name: `Tracks of ${playlistName}` });
  await tracks.getByLabel('Add tracks from the library').fill(title);
  await tracks.getByRole('button', { name: `Add ${title} to ${playlistName}` }).click();
  await expect(tracks.getByRole('list', { name: `Tracks of ${playlistName}` })).toContainText(title);
  await page.keyboard.press('Escape');

  const row = page.getByTestId('playlist-row').filter({ hasText: playlistName });
  await expect(row).toContainText('Scheduled: Every day, all day');
  await expect(row).toContainText('1 track');

  // The change takes effect at the next track: the queue is decided again from the new playlist (a
  // track the engine already holds, marked "Next to air", still airs first).
  const queue = page.getByTestId('queue-item').filter({ hasNotText: 'Next to air' });
  await expect(queue.first()).toContainText(title, { timeout: 15_000 });
  await expect(queue.first()).toContainText(playlistName);
  await shot(page, 'music-programming-desktop');

  // Skip what is on air: the engine asks for the next track, and it is the playlist's.
  await page.getByRole('button', { name: 'Skip current track' }).click();
  await expect
    .poll(
      async () => {
        const res = await ctx.request.get('/api/now-playing');
        return (await res.json()).nowPlaying?.song.title ?? null;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(title);

  // Tidy up: the shared e2e station goes back to its rotation.
  await row.getByRole('button', { name: `Delete ${playlistName}` }).click();
  await expect(page.getByTestId('playlist-row').filter({ hasText: playlistName })).toHaveCount(0);
  await ctx.close();
});
