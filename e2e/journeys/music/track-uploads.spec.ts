import { test } from '@playwright/test';
import { ensureAdminFirst } from '../../support/common';
import { refusedThroughMusicTab, uploadThroughMusicTab } from '../../support/music';

test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));

test('an admin uploads a track in the Music tab, sees its progress and result, and finds it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await uploadThroughMusicTab(browser, { mobile: false });
});

test('a file that is not audio is refused on the page, by name', async ({ browser }) => {
  test.setTimeout(60_000);
  await refusedThroughMusicTab(browser);
});
