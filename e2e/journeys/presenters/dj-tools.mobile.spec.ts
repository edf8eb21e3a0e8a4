import { test } from '@playwright/test';
import { ensureAdminFirst } from '../../support/common';
import { connectionCheckJourney } from '../../support/dj-tools';

test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));

test.describe('DJ tools', () => {
  test.skip(
    process.env.E2E_RADIO_BACKEND !== 'builtin',
    'the built-in engine (icecast2, liquidsoap) is not installed',
  );
  test.setTimeout(150_000);

  test('Stream Info shows whether the presenter’s software is connected, at 390 px', async ({ browser }) =>
    connectionCheckJourney(browser, 'mobile'));
});
