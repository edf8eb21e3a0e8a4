import { test } from '@playwright/test';
import { boothJourney } from '../../support/booth';
import { ensureAdminFirst } from '../../support/common';

test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));

test.describe('the web booth on a phone', () => {
  test.skip(
    process.env.E2E_RADIO_BACKEND !== 'builtin',
    'the built-in engine (icecast2, liquidsoap) is not installed',
  );
  test.setTimeout(120_000);

  test('a presenter plays the library, goes live from the browser, survives a drop; a second is refused; the show ends and is recorded', async ({
    browser,
  }) => boothJourney(browser, 'mobile'));
});
