import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  asAdmin,
  ensureAdminFirst,
  expectNoSideways,
  member,
  openTimetableDay,
  shot,
} from '../../support/common';

test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));
// Journeys with several people and a screenshot of every section at two widths take a while.
test.describe.configure({ timeout: 300_000 });

const MOBILE = { width: 390, height: 844 };

const menu = (page: Page) => page.getByRole('navigation', { name: 'Panel sections' });

async function openSection(page: Page, label: string) {
  await menu(page).getByRole('button', { name: label }).click();
  await expect(menu(page).getByRole('button', { name: label })).toHaveAttribute('aria-current', 'true');
}

/** Desktop, then 390 px wide (and back). */
async function shots(page: Page, name: string) {
  await shot(page, name);
  const size = page.viewportSize();
  await page.setViewportSize(MOBILE);
  await expectNoSideways(page, `${name} at 390 px`);
  await shot(page, `${name}-390`);
  if (size) await page.setViewportSize(size);
}

test('members without a role are refused both panels with the exact words; visitors go home', async ({
  page,
  browser,
}) => {
  await page.goto('/presenter');
  await expect(page).toHaveURL(/\/$/);
  const m = await member(browser, 'Nora Nobody');
  await m.page.goto('/presenter');
  await expect(
    m.page.getByText('Access Denied: You need presenter privileges to access this panel.'),
  ).toBeVisible();
  await m.page.goto('/staff-panel');
  await expect(
    m.page.getByText('Access Denied: You need staff privileges to access this page.'),
  ).toBeVisible();
  await shot(m.page, 'panels-denied-member');
  await m.ctx.close();
});

test('a presenter books two shows and sees 2/2; an admin approves one and an open schedule page shows it live', async ({
  browser,
}) => {
  const presenter = await member(browser, 'Tara Timetable', 'presenter');
  const { page } = presenter;
  await page.goto('/');
  await page.getByRole('button', { name: /Staff/ }).first().click();
  await page.getByRole('link', { name: 'Panel', exact: true }).click();
  await expect(page).toHaveURL(/\/presenter$/);
  await expect(menu(page).getByRole('button')).toHaveText(['Staff', 'Radio Presenter']);
  await page.getByRole('tab', { name: 'Timetable' }).click();
  await expect(page.getByTestId('weekly-count')).toHaveText('0/2');

  const { dayName, day } = await openTimetableDay(page);
  const names = ['Tara at Dawn', 'Tara Encore'];
  for (const showName of names) {
    await day
      .getByRole('button', { name: /^Book / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Book a Show' });
    const book = dialog.getByRole('button', { name: 'Book Show' });
    await expect(book).toBeDisabled();
    await dialog.getByLabel('Show Name').fill('   ');
    await expect(book).toBeDisabled();
    await dialog.getByLabel('Show Name').fill(showName);
    await book.click();
    await expect(dialog).toBeHidden();
    await expect(
      day.getByRole('button', { name: new RegExp(`^${showName} by Tara Timetable`) }),
    ).toBeVisible();
  }
  await expect(page.getByTestId('weekly-count')).toHaveText('2/2');
  await shots(page, 'presenter-timetable-2-of-2');

  // A listener has the schedule open on that day; pending shows are not public.
  const listenerCtx = await browser.newContext();
  const listener = await listenerCtx.newPage();
  await listener.goto('/schedule');
  await listener
    .getByRole('tablist', { name: 'Day' })
    .getByRole('tab', { name: new RegExp(`^${dayName}`) })
    .click();
  await expect(listener.getByText('Tara at Dawn')).toHaveCount(0);

  const adminCtx = await asAdmin(browser);
  const admin = await adminCtx.newPage();
  await admin.goto('/staff-panel');
  for (const tab of ['Users', 'Applications', 'Requests', 'Schedule', 'Roles', 'News', 'Shop', 'Stream']) {
    await expect(admin.getByRole('tab', { name: tab, exact: true })).toBeVisible();
  }
  await admin.getByRole('tab', { name: 'Schedule', exact: true }).click();
  const row = admin.getByTestId('slot-row').filter({ hasText: 'Tara at Dawn' });
  await expect(row).toContainText('Pending');
  await shots(admin, 'staff-panel-schedule-pending');
  await row.getByRole('button', { name: 'Approve Tara at Dawn' }).click();
  // The presenter hears of it at once: the banner stays 5 seconds, so it is looked for first.
  await expect(page.getByText('Your show is on the schedule').first()).toBeVisible();
  await expect(row).toContainText('Approved');

  // The open listener page shows it without a reload.
  await expect(listener.getByTestId('schedule-slot').filter({ hasText: 'Tara at Dawn' })).toBeVisible();
  await expect(listener.getByText('Tara Encore')).toHaveCount(0);
  await shot(listener, 'schedule-approved-live');

  // The presenter's staff panel holds only My Schedule.
  await page.goto('/staff-panel');
  await expect(page.getByRole('heading', { name: 'My Schedule' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(page.getByTestId('slot-row')).toHaveCount(2);
  await shots(page, 'staff-panel-my-schedule');
  await listenerCtx.close();
  await adminCtx.close();
  await presenter.ctx.close();
});

test('a presenter submits an idea and another claims it', async ({ browser }) => {
  const author = await member(browser, 'Ivy Ideas', 'presenter');
  const claimer = await member(browser, 'Cal Claimer', 'presenter');
  await author.page.goto('/presenter');
  await author.page.getByRole('button', { name: 'Add Idea' }).click();
  const dialog = author.page.getByRole('dialog', { name: 'Submit New Idea' });
  await dialog.getByRole('button', { name: 'Submit Idea' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await dialog.getByLabel('Title').fill('Vinyl Only Hour');
  await dialog.getByLabel('Description').fill('An hour of records from the 70s, crackles included.');
  await dialog.getByRole('button', { name: 'Submit Idea' }).click();
  await expect(dialog).toBeHidden();
  const card = (p: Page) => p.getByTestId('idea-card').filter({ hasText: 'Vinyl Only Hour' });
  await expect(card(author.page)).toContainText('Pending');

  await claimer.page.goto('/presenter');
  await card(claimer.page).getByRole('button', { name: 'Claim Vinyl Only Hour' }).click();
  await expect(card(claimer.page)).toContainText('In progress');
  await expect(card(claimer.page)).toContainText('claimed by Cal Claimer');
  // The author's open page follows.
  await expect(card(author.page)).toContainText('claimed by Cal Claimer');
  await expect(card(author.page).getByRole('button', { name: /^Claim/ })).toHaveCount(0);
  await shots(claimer.page, 'presenter-ideas-claimed');
  await author.ctx.close();
  await claimer.ctx.close();
});

test('a mentor logs a training session', async ({ browser }) => {
  const trainee = await member(browser, 'Theo Trainee', 'presenter');
  const mentor = await member(browser, 'Mina Mentor', 'user', ['radio_mentor']);
  const { page } = mentor;
  await page.goto('/presenter');
  await expect(menu(page).getByRole('button')).toHaveText(['Staff', 'Radio Mentor']);
  const form = page.getByRole('form', { name: 'Log training session' });
  await form.getByRole('button', { name: 'Log Session' }).click();
  await expect(form.getByText('Trainee is required')).toBeVisible();
  await expect(form.getByText('Session type is required')).toBeVisible();
  await expect(form.getByLabel('Rating (1 to 5)')).toHaveValue('5');
  await expect(form.getByLabel('Duration (minutes)')).toHaveValue('60');
  await form.getByLabel('Trainee').fill('Theo');
  await form.getByRole('button', { name: 'Theo Trainee' }).click();
  await form.getByLabel('Session Type').selectOption({ label: 'Microphone technique' });
  await form.getByLabel('Notes (optional)').fill('Worked on breathing and levels.');
  await form.getByRole('button', { name: 'Log Session' }).click();
  const session = page.getByTestId('training-session').filter({ hasText: 'Theo Trainee' });
  await expect(session).toBeVisible();
  await expect(session).toContainText('Microphone technique');
  await expect(session).toContainText('5/5');
  await shots(page, 'presenter-mentor-session');
  await trainee.ctx.close();
  await mentor.ctx.close();
});

test('a developer creates an API key, sees it once, and a request with it is identified', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const dev = await member(browser, 'Dana Developer', 'user', ['developer']);
  const { page } = dev;
  await page.goto('/presenter');
  await expect(menu(page).getByRole('button')).toHaveText(['Staff', 'Developer']);
  await expect(page.getByTestId('system-status')).toContainText('Database');
  await page.getByLabel('Key name').fill('Now Playing Bot');
  await page.getByRole('button', { name: 'Generate Key' }).click();
  const value = page.getByTestId('new-api-key-value');
  await expect(value).toHaveText(/^illusion_/);
  const key = (await value.textContent()) ?? '';
  await shots(page, 'presenter-developer-new-key');

  const bot = await playwright.request.newContext({ baseURL });
  const res = await bot.get('/api/key-info', { headers: { Authorization: `Bearer ${key}` } });
  expect(res.ok()).toBe(true);
  expect((await res.json()).apiKey.name).toBe('Now Playing Bot');
  expect(res.headers()['x-api-client']).toBe(key.slice(0, 12));
  const np = await bot.get('/api/now-playing', { headers: { 'X-API-Key': key } });
  expect(np.headers()['x-api-client']).toBe(key.slice(0, 12));
  await bot.dispose();

  // Shown once: gone after Done and after a reload; the list shows 12 characters and stars.
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(key)).toHaveCount(0);
  await page.reload();
  const listed = page.getByTestId('api-key').filter({ hasText: 'Now Playing Bot' });
  await expect(listed).toContainText(`${key.slice(0, 12)}********************`);
  await expect(listed).toContainText('2 requests');
  await expect(page.getByText(key)).toHaveCount(0);
  await shots(page, 'presenter-developer');
  await dev.ctx.close();
});

async function everySection(page: Page, ctx: BrowserContext) {
  await page.goto('/presenter');
  await openSection(page, 'Staff');
  await expect(page.getByTestId('staff-card').first()).toBeVisible();
  await shots(page, 'presenter-staff');
  await openSection(page, 'Radio Presenter');
  for (const [tab, name] of [
    ['Ideas', 'presenter-ideas'],
    ['Requests', 'presenter-requests'],
    ['Timetable', 'presenter-timetable'],
    ['Stream Info', 'presenter-stream-info'],
    ['Banned Songs', 'presenter-banned-songs'],
    ['Rules', 'presenter-rules'],
  ] as const) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
    await page.waitForLoadState('networkidle');
    await shots(page, name);
  }
  await expect(page.getByText('Language.')).toBeVisible();
  await expect(page.getByText('Emergencies.')).toBeVisible();
  for (const [section, name] of [
    ['News Reporter', 'presenter-news-reporter'],
    ['Radio Mentor', 'presenter-mentor'],
    ['Moderator', 'presenter-moderator'],
    ['Manager', 'presenter-manager'],
    ['Developer', 'presenter-developer-admin'],
  ] as const) {
    await openSection(page, section);
    await page.waitForLoadState('networkidle');
    await shots(page, name);
  }
  await expect(menu(page).getByRole('button', { name: 'Editor' })).toHaveCount(0);
  void ctx;
}

test('an admin sees every section of the presenter panel and every staff panel tab', async ({ browser }) => {
  const ctx = await asAdmin(browser);
  const page = await ctx.newPage();
  await everySection(page, ctx);

  // Manager: Update Stats recomputes.
  await openSection(page, 'Manager');
  await page.getByRole('button', { name: 'Update Stats' }).click();
  await expect(page.getByText('Presenter statistics updated.')).toBeVisible();
  await expect(page.getByTestId('presenter-stats').first()).toBeVisible();
  // Let the toast go before narrowing the window (a toast caught mid-resize sits off to the side).
  await expect(page.getByText('Presenter statistics updated.')).toBeHidden({ timeout: 15_000 });
  await shots(page, 'presenter-manager-updated');

  // Moderator: warn a member, who is counted and logged.
  const target = await member(browser, 'Wes Warned');
  await openSection(page, 'Moderator');
  await page.getByRole('button', { name: 'Warn a Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Warn a member' });
  await dialog.getByRole('searchbox', { name: 'Member' }).fill('Wes');
  await dialog.getByRole('button', { name: 'Wes Warned' }).click();
  await dialog.getByLabel('Reason').fill('Spamming the chat');
  await dialog.getByRole('button', { name: 'Send Warning' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Moderation actions' })).toContainText('Wes Warned');
  await expect(page.getByText('Wes Warned has been warned and notified.')).toBeHidden({ timeout: 15_000 });
  await shots(page, 'presenter-moderator-warned');
  await target.page.goto('/');
  await target.page
    .getByRole('button', { name: /notifications/i })
    .first()
    .click();
  await expect(target.page.getByText('You have received a warning from a moderator')).toBeVisible();
  await target.ctx.close();

  await page.goto('/staff-panel');
  for (const [tab, name] of [
    ['Users', 'staff-panel-users'],
    ['Applications', 'staff-panel-applications'],
    ['Requests', 'staff-panel-requests'],
    ['Schedule', 'staff-panel-schedule'],
    ['Roles', 'staff-panel-roles'],
    ['News', 'staff-panel-news'],
    ['Shop', 'staff-panel-shop'],
    ['Stream', 'staff-panel-stream'],
  ] as const) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await page.waitForLoadState('networkidle');
    await shots(page, name);
  }
  await ctx.close();
});

test('the old Stream Info address opens the Stream Info tab of the panel', async ({ browser }) => {
  const presenter = await member(browser, 'Sid Stream', 'presenter');
  await presenter.page.goto('/presenter/stream');
  await expect(presenter.page).toHaveURL(/\/presenter$/);
  await expect(presenter.page.getByRole('tab', { name: 'Stream Info' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(presenter.page.getByRole('heading', { name: 'On air now' })).toBeVisible();
  await presenter.ctx.close();
});
