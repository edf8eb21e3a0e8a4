import { test } from '@playwright/test';
import { pickQualityFlow } from '../../support/qualities';

/** Pick a quality in the player; the steps are in e2e/support/qualities.ts. */
test('pick a quality in the player', async ({ page }) => {
  test.skip(
    process.env.E2E_RADIO_BACKEND !== 'builtin',
    'needs the built-in engine (icecast2 and liquidsoap)',
  );
  await pickQualityFlow(page, 'player-quality');
});
