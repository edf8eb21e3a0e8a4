import { test } from '@playwright/test';
import { ensureAdminFirst } from '../../support/common';
import { firstPasswordJourney } from '../../support/stream-info';

test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));

test.describe('Stream Info', () => {
  test.skip(
    process.env.E2E_RADIO_BACKEND !== 'builtin',
    'the built-in engine (icecast2, liquidsoap) is not installed',
  );
  test.setTimeout(90_000);

  test('a presenter made by an admin makes their first streaming password', async ({ browser }) =>
    firstPasswordJourney(browser, 'desktop'));
});
