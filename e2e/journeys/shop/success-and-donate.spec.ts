import { test } from '@playwright/test';
import { ensureAdminFirst } from '../../support/common';
import { donateJourney, successJourney } from '../../support/shop';

test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));

test('/success at 1280 px: nothing bought from a bookmark, the credit of a paid card order only', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  await successJourney(browser, 'desktop');
});

test('Donate at 1280 px opens the donation page an admin set, with the goal and amount raised', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await donateJourney(browser, 'desktop');
});
