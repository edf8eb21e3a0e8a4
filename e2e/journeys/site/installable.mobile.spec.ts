import { expect, test } from '@playwright/test';
import { shot } from '../../support/common';

/**
 * The installable web app at 390 px: a manifest, a service worker that takes the shell, the install card
 * when the browser offers installation, and the offline page when the station cannot be reached.
 */
test('installable: service worker, install card, offline page', async ({ page, context }) => {
  await page.goto('/');
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest.display).toBe('standalone');

  // The service worker installs and controls the page after a reload.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toMatch(/\/$/);
  // Chromium offers installation with beforeinstallprompt once its installability checks pass, which can
  // be before the app has drawn anything; headless Chromium may hold the event back, so the test delivers
  // one the way the browser would, as early as it can come: when the document is parsed, before React's
  // first render has committed.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const e = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
      e.prompt = async () => {};
      e.userChoice = Promise.resolve({ outcome: 'dismissed' });
      window.dispatchEvent(e);
    });
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  const card = page.getByRole('region', { name: 'Install the app' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Install' })).toBeVisible();
  await shot(page, 'mobile-install-prompt');
  await card.getByRole('button', { name: 'Not now' }).click();
  await expect(card).toBeHidden();

  // Offline: a page of the site says the station cannot be reached, with a way to try again.
  await context.setOffline(true);
  await page.goto('/schedule').catch(() => {});
  await expect(page.getByRole('heading', { name: 'The station cannot be reached' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
  await shot(page, 'mobile-offline');
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'The station cannot be reached' })).toBeHidden();
});
