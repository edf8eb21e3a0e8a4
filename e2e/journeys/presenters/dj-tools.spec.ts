import { test } from '@playwright/test';
import { ensureAdminFirst } from '../../support/common';
import { bookedSlotsJourney, connectionCheckJourney } from '../../support/dj-tools';

test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));

test.describe('DJ tools', () => {
  test.skip(
    process.env.E2E_RADIO_BACKEND !== 'builtin',
    'the built-in engine (icecast2, liquidsoap) is not installed',
  );
  test.setTimeout(150_000);

  test('Stream Info shows whether the presenter’s software is connected, with format and since when', async ({
    browser,
  }) => connectionCheckJourney(browser, 'desktop'));

  test('an admin keeps presenters to their booked slots; a refused presenter sees why', async ({ browser }) =>
    bookedSlotsJourney(browser));
});
