import { test } from '@playwright/test';
import { ensureAdminFirst } from '../../support/common';
import { libraryScreenJourney } from '../../support/library';

test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));

test('an admin adds selected tracks to a playlist, bulk-edits them and reads the library’s columns', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  await libraryScreenJourney(browser, { mobile: false });
});
