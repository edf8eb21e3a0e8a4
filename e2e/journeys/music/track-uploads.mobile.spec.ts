import { test } from '@playwright/test';
import { ensureAdminFirst } from '../../support/common';
import { uploadThroughMusicTab } from '../../support/music';

test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));

test('at 390 px an admin uploads a track in the Music tab and finds it in the list', async ({ browser }) => {
  test.setTimeout(120_000);
  await uploadThroughMusicTab(browser, { mobile: true });
});
