import { type Browser, expect } from '@playwright/test';
import { STREAM_INFO_TEXTS } from '../../src/shared/texts/stream-info';
import { expectNoSideways, member, shot } from './common';

/**
 * A member an admin made presenter opens Stream Info: their streaming account is there, its password
 * seen by nobody, so the page asks them to make their first password (no "Lost it?", no "the old one
 * stops working" question); it is shown once; after a reload it reads as recovering one. The guide tells
 * software that logs in only as "source" what to type, and names no port that nothing listens on.
 */
export async function firstPasswordJourney(browser: Browser, label: string) {
  const presenter = await member(browser, `Pia First ${label}`, 'presenter');
  const { page } = presenter;
  try {
    await page.goto('/presenter/stream');
    const card = page.getByTestId('my-credentials');
    await expect(card.getByRole('heading', { name: STREAM_INFO_TEXTS.credentialsHeading })).toBeVisible();
    await expect(card).toContainText(STREAM_INFO_TEXTS.firstPasswordIntro);
    await expect(card).not.toContainText('Lost it?');
    const username = (await card.locator('dd span').first().textContent())?.trim() ?? '';
    expect(username).toMatch(/^presenter-\d{4}$/);
    const guide = page.getByTestId('go-live-guide');
    await expect(guide.getByTestId('source-login')).toContainText(`${username},yourpassword`);
    await expect(guide).not.toContainText('if it does not connect');
    await expectNoSideways(page, `stream info, first password (${label})`);
    await shot(page, `stream-info-first-password-${label}`);

    // No confirmation: Playwright dismisses any dialog, which would stop the password being made.
    await card.getByRole('button', { name: STREAM_INFO_TEXTS.makePassword }).click();
    await expect(card.getByRole('status')).toContainText('This password is shown once');
    const password = card.locator('dd span').nth(1);
    await expect(password).toHaveText(/^[A-Z0-9]{8}$/);
    await expect(page.getByText(STREAM_INFO_TEXTS.passwordMade)).toBeVisible();
    await expectNoSideways(page, `stream info, password made (${label})`);
    await shot(page, `stream-info-first-password-made-${label}`);

    await page.reload();
    await expect(card).toContainText(STREAM_INFO_TEXTS.lostIt);
    await expect(card.getByRole('button', { name: STREAM_INFO_TEXTS.regenerate })).toBeVisible();
  } finally {
    await presenter.ctx.close();
  }
}
