import { test } from '@playwright/test';
import { ensureAdminFirst } from '../../support/common';
import { cueAndFadeThroughLibrary } from '../../support/cue-editor';

test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));

test('an admin sets a track’s cue points and fades over its waveform, and finds them again', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await cueAndFadeThroughLibrary(browser, { mobile: false });
});
