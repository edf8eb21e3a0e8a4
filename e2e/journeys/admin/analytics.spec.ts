import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { ensureAdminFirst, loginAsAdmin, shot } from '../../support/common';

test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));

async function openAnalytics(page: Page) {
  await loginAsAdmin(page.request);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Analytics', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Audience' })).toBeVisible({ timeout: 15_000 });
}

const download = async (page: Page, click: () => Promise<void>) => {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
};

test('an admin picks a range, reads the audience and downloads its CSVs and the royalty report', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openAnalytics(page);
  const audience = page.getByTestId('admin-audience');
  await audience.getByRole('button', { name: 'Last 24 hours' }).click();
  await expect(audience.getByRole('button', { name: 'Last 24 hours' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(audience.getByText('Listening hours')).toBeVisible();
  await expect(audience.getByRole('heading', { name: 'By kind of client' })).toBeVisible();
  await expect(audience.getByRole('heading', { name: 'By mount and quality' })).toBeVisible();
  await expect(audience.getByRole('heading', { name: 'Peak and average per show' })).toBeVisible();
  await shot(page, 'admin-analytics-audience');

  const listeners = await download(page, () =>
    audience.getByRole('link', { name: 'CSV of listeners over time' }).click(),
  );
  expect(listeners.name).toMatch(/^onair-listeners-24h-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(listeners.text.split('\r\n')[0]).toBe('start_utc,average_listeners,peak_listeners');
  expect(listeners.text.trim().split('\r\n')).toHaveLength(1 + 144);

  const kinds = await download(page, () =>
    audience.getByRole('link', { name: 'CSV of listeners by kind of client' }).click(),
  );
  expect(
    kinds.text
      .trim()
      .split('\r\n')
      .map((l) => l.split(',')[0]),
  ).toEqual(['client_kind', 'browser', 'app', 'other']);

  const plays = await download(page, () => audience.getByRole('link', { name: 'Download CSV' }).click());
  expect(plays.name).toMatch(/^onair-plays-.*\.csv$/);
  expect(plays.text.split('\r\n')[0]).toBe(
    'start_utc,start_station_time,station_time_zone,duration_seconds,title,artist,album,isrc,source,playlist,live_show,listeners_at_start',
  );
});
