import { expect, type Page, test } from '@playwright/test';
import {
  ensureAdminFirst,
  expectNoSideways,
  loginAsAdmin,
  shot,
  signUpByApi,
  uniqueEmail,
} from '../../support/common';

test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));

/** The 17 tabs in their fixed order, and Music after Radio Control, by their labels. */
const TABS: [string, string][] = [
  ['accounts', 'Dashboard'],
  ['user-management', 'User Management'],
  ['roles', 'Roles'],
  ['shop', 'Shop'],
  ['give-items', 'Give Items'],
  ['timetable', 'Timetable'],
  ['streamers', 'Streamers'],
  ['recognised-streamers', 'Recognised Streamers'],
  ['radio-control', 'Radio Control'],
  ['music', 'Music'],
  ['discord', 'Discord'],
  ['site-settings', 'Site Settings'],
  ['applications', 'Applications'],
  ['giveaways', 'Giveaways'],
  ['analytics', 'Analytics'],
  ['payments', 'Payments'],
  ['banned-songs', 'Banned Songs'],
  ['carousel', 'Carousel'],
];

async function openAdmin(page: Page) {
  await loginAsAdmin(page.request);
  await page.goto('/admin');
  // The admin chunk loads on demand: give a busy machine time.
  await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible({ timeout: 30_000 });
}

const panel = (page: Page) => page.getByRole('tabpanel');

test.describe('the admin panel', () => {
  test('a member is refused; an admin walks all 18 tabs at 1280 and 390 px', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const member = await browser.newContext();
    const memberPage = await member.newPage();
    await signUpByApi(memberPage.request, 'Nosy Member', uniqueEmail('nosy'));
    await memberPage.goto('/admin');
    await expect(
      memberPage.getByText('You need administrator privileges to access this page.'),
    ).toBeVisible();
    await member.close();

    await page.setViewportSize({ width: 1280, height: 800 });
    await openAdmin(page);
    const tabs = page.getByRole('tablist', { name: 'Admin Panel sections' }).getByRole('tab');
    await expect(tabs).toHaveText(TABS.map(([, label]) => label));
    for (const [id, label] of TABS) {
      await page.getByRole('tab', { name: label, exact: true }).click();
      await expect(page.getByRole('tab', { name: label, exact: true })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(panel(page).getByRole('heading').first()).toBeVisible();
      await expect(panel(page).getByText(/^Loading .*\.\.\.$/)).toHaveCount(0, { timeout: 15_000 });
      await shot(page, `admin-${id}-desktop`);
    }
    // Placeholders say what is coming, not a dead end.
    await page.getByRole('tab', { name: 'Giveaways' }).click();
    await expect(panel(page).getByText('Coming soon')).toBeVisible();
    await expect(panel(page).getByText('What it will hold')).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    const picker = page.getByLabel('Admin section');
    await expect(picker).toBeVisible();
    for (const [id, label] of TABS) {
      await picker.selectOption({ label });
      await expect(panel(page).getByRole('heading').first()).toBeVisible();
      await expect(panel(page).getByText(/^Loading .*\.\.\.$/)).toHaveCount(0, { timeout: 15_000 });
      await expectNoSideways(page);
      await shot(page, `admin-${id}-mobile`);
    }
  });

  test('a setting saved by the admin reaches an open listener page without a reload', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const listener = await (await browser.newContext()).newPage();
    await listener.goto('/');
    const logo = listener.getByTestId('site-logo');
    const original = (await logo.textContent())?.trim() ?? '';
    expect(original).not.toBe('');
    await listener.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    await openAdmin(page);
    await page.getByRole('tab', { name: 'Site Settings' }).click();
    const title = page.getByLabel('Site title');
    await expect(title).toHaveValue(original);

    // Checked in the form, and on the server: a bad address is refused with the exact words.
    await page.getByLabel('Stream URL').fill('ftp://example.com/live.mp3');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Stream URL must be an http:// or https:// address')).toBeVisible();
    await page.getByLabel('Stream URL').fill('');
    const refused = await page.request.patch('/api/settings/site', { data: { recentPlayMinutes: -5 } });
    expect(refused.status()).toBe(400);
    await page.route('**/api/settings/site', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({
              error: { code: 'UNAVAILABLE', message: 'The database is not reachable.' },
            }),
          })
        : route.fallback(),
    );
    await title.fill('Never Saved FM');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Error saving settings').first()).toBeVisible();
    await page.unroute('**/api/settings/site');

    const renamed = `Night Owl FM ${Date.now() % 10_000}`;
    await title.fill(renamed);
    await page.getByLabel('Presenter rules').fill('# House rules\n\n- Be kind on air');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    await shot(page, 'admin-site-settings-saved');

    await expect(logo).toHaveText(renamed);
    await expect(listener).toHaveTitle(new RegExp(renamed));
    expect(
      await listener.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBe(true);
    await shot(listener, 'listener-follows-site-title');

    // The weekly chart button, with the exact texts for success and failure.
    await page.getByRole('button', { name: 'Generate Weekly Chart' }).click();
    await expect(page.getByText(/Chart generated successfully!/).first()).toBeVisible();
    await page.route('**/api/chart/generate', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.getByRole('button', { name: 'Generate Weekly Chart' }).click();
    await expect(page.getByText('Failed to generate weekly chart. Please try again.').first()).toBeVisible();
    await page.unroute('**/api/chart/generate');

    // Put the title and the (default) presenter rules back for the other journeys.
    await title.fill(original);
    await page.getByLabel('Presenter rules').fill('');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(logo).toHaveText(original);
    await expect(page.getByText('Settings saved.').first()).toBeVisible();
    await listener.context().close();
  });

  test('the admin creates an account with the user form; the member sets a password from the link', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await openAdmin(page);
    await page.getByRole('tab', { name: 'User Management' }).click();
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a user' });
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog.getByText('Email is required')).toBeVisible();

    const email = uniqueEmail('invited');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Full name (optional)').fill('Ivy Invited');
    await dialog.getByLabel('Role').selectOption('presenter');
    await shot(page, 'admin-user-form');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    const done = page.getByRole('dialog', { name: 'Account created' });
    const linkBox = done.getByRole('textbox', { name: 'Set-password link' });
    await expect(linkBox).toHaveValue(/\/set-password\?token=/);
    await shot(page, 'admin-user-created-link');
    const link = await linkBox.inputValue();
    await done.getByRole('button', { name: 'Done' }).click();
    await page.getByLabel('Search users').fill('Ivy Invited');
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await expect(page.getByTestId('user-row').getByLabel('Role for Ivy Invited')).toHaveValue('presenter');

    const member = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await member.goto(link);
    await expect(member.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await member.getByLabel('Password', { exact: true }).fill('ivy-secret-1');
    await member.getByLabel('Confirm password').fill('ivy-secret-2');
    await member.getByRole('button', { name: 'Set password' }).click();
    await expect(member.getByText('Passwords do not match')).toBeVisible();
    await member.getByLabel('Confirm password').fill('ivy-secret-1');
    await member.getByRole('button', { name: 'Set password' }).click();
    await expect(member.getByText('Your password is set. Welcome to the station!')).toBeVisible();
    await shot(member, 'set-password-done-mobile');
    const me = await (await member.request.get('/api/me')).json();
    expect(me.me).toMatchObject({ user: { email }, profile: { role: 'presenter' } });
    await member.context().close();
  });

  test('the dashboard shows the station going off air and back, as it happens', async ({ page }) => {
    test.skip(
      process.env.E2E_RADIO_BACKEND !== 'builtin',
      'needs the built-in engine (icecast2 + liquidsoap)',
    );
    test.setTimeout(120_000);
    await openAdmin(page);
    const engine = page.getByTestId('status-engine');
    await expect(engine).toContainText('On air', { timeout: 30_000 });
    await expect(page.getByTestId('status-database')).toContainText('Reachable');
    await expect(page.getByTestId('status-jobs')).toContainText('Running');
    // The e2e app has card payments set up (through the fake Stripe).
    await expect(page.getByTestId('status-payments')).toContainText('Configured');
    await expect(page.getByTestId('status-payments')).not.toContainText('Not configured');
    const onAirSince = await engine.getAttribute('data-since');
    await shot(page, 'admin-dashboard-on-air');

    // The engine restarts (Radio Control's restart): the dashboard hears it stop and come back. Every state
    // the row shows is recorded as it changes, not sampled (the stop can be shorter than a frame).
    await page.evaluate(() => {
      const w = window as unknown as { engineStates: { health?: string; text: string; since?: string }[] };
      w.engineStates = [];
      const record = () => {
        const el = document.querySelector<HTMLElement>('[data-testid="status-engine"]');
        if (!el) return;
        const last = w.engineStates.at(-1);
        const now = { health: el.dataset.health, text: el.textContent ?? '', since: el.dataset.since };
        if (!last || last.health !== now.health || last.since !== now.since) w.engineStates.push(now);
      };
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    });
    const states = () =>
      page.evaluate(
        () =>
          (window as unknown as { engineStates: { health?: string; text: string; since?: string }[] })
            .engineStates,
      );
    const restart = page.request.post('/api/station/commands/restart');
    expect((await restart).ok()).toBe(true);
    // Back on air, the row says when the stream stopped and for how long, even when the stop was over
    // before the page could draw it (both pushes can arrive in one frame).
    const lastOffAir = page.getByTestId('status-engine-last-off-air');
    const offAirStart = async () =>
      Date.parse((await lastOffAir.getAttribute('data-from', { timeout: 1000 }).catch(() => null)) ?? '') ||
      0;
    await expect.poll(offAirStart, { timeout: 30_000 }).toBeGreaterThan(Date.parse(onAirSince!));
    await expect(lastOffAir).toContainText(/Last off air at .+ for \d+ s/);
    await expect(engine).toContainText('On air');
    const offAirFrom = (await lastOffAir.getAttribute('data-from'))!;
    expect(Date.parse((await engine.getAttribute('data-since'))!)).toBeGreaterThan(Date.parse(offAirFrom));
    // Whenever the page drew the off-air state, it said 'Off air' with the same start.
    for (const s of (await states()).filter((x) => x.health === 'down')) {
      expect(s.text).toContain('Off air');
      expect(s.since).toBe(offAirFrom);
    }
    await shot(page, 'admin-dashboard-back-on-air');
  });
});
