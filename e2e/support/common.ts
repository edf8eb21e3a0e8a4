import { mkdirSync, writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';

export const PASSWORD = 'e2e-secret-1';
export const ADMIN = { name: 'Station Founder', email: 'founder@e2e.test', password: PASSWORD };

let counter = 0;
export function uniqueEmail(prefix: string) {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@e2e.test`;
}

/**
 * Keeps a named screenshot as an artifact (e2e/artifacts), besides Playwright's own. With E2E_AXE=1 it
 * also checks the page as it is with axe: every state a journey photographs (desktop and 390 px, signed
 * out and in) must have no serious or critical WCAG 2.1 A/AA violation, or the journey fails (CI runs it so).
 * `fullPage: false` keeps the capture to the viewport: a full-page capture briefly resizes the window.
 */
export async function shot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  mkdirSync('e2e/artifacts', { recursive: true });
  await page.screenshot({ path: `e2e/artifacts/${name}.png`, fullPage });
  if (process.env.E2E_AXE === '1' || process.env.E2E_AXE === 'report') await checkAccessibility(page, name);
}

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe on the page as it is now; throws on serious or critical violations (the report is kept too).
 *
 * The same rules as AxeBuilder's default run, at half its cost (docs/testing.md): legacy mode runs
 * `axe.run` in the page and its same-origin frames, where the default opens a blank page for every check
 * to merge the results of cross-origin frames; the app shows no frames, and its CSP (default-src 'self')
 * would allow only its own.
 * Only violations are collected, the one result type read here.
 */
export async function checkAccessibility(page: Page, name: string) {
  const result = await new AxeBuilder({ page })
    .withTags(WCAG_21_AA)
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  const blocking = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  mkdirSync('e2e/artifacts/axe', { recursive: true });
  writeFileSync(
    `e2e/artifacts/axe/${name}.json`,
    JSON.stringify({ url: page.url(), violations: result.violations }, null, 2),
  );
  // E2E_AXE=report only writes the reports (to list every page's violations in one run).
  if (blocking.length > 0 && process.env.E2E_AXE !== 'report') {
    const lines = blocking.map(
      (v) =>
        `- [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length}×: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')})`,
    );
    throw new Error(`Accessibility (axe, WCAG 2.1 AA) on "${name}" at ${page.url()}:\n${lines.join('\n')}`);
  }
}

export async function signUpByApi(
  request: APIRequestContext,
  fullName: string,
  email: string,
  password = PASSWORD,
) {
  const res = await request.post('/api/auth/sign-up', {
    data: { fullName, email, password, confirmPassword: password },
  });
  if (res.status() !== 201)
    throw new Error(`sign-up failed for ${email}: ${res.status()} ${await res.text()}`);
  return (await res.json()).me;
}

/** The site's admin: the first account. Created here if the accounts journey has not run first. */
export async function loginAsAdmin(request: APIRequestContext) {
  const res = await request.post('/api/auth/login', {
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  if (res.ok()) return (await res.json()).me;
  return signUpByApi(request, ADMIN.name, ADMIN.email);
}

/**
 * Makes sure the founder (the first account, hence the admin) exists before a spec signs anyone else up,
 * so each spec file also runs on its own. In the full run the accounts journey created it already.
 */
export async function ensureAdminFirst(browser: Browser) {
  const ctx = await browser.newContext();
  await loginAsAdmin(ctx.request);
  await ctx.close();
}

/** A new member signed up in a browser context of their own: their page, id and context. */
export async function newMemberPage(browser: Browser, name: string) {
  const ctx = await browser.newContext();
  const me = await signUpByApi(ctx.request, name, uniqueEmail(name.split(' ')[0].toLowerCase()));
  return { page: await ctx.newPage(), id: me.user.id as string, ctx };
}

/** How far the page scrolls sideways, and the elements that stick out (named in a failure message). */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const out: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.right > width + 0.5 && out.length < 5) {
        const cls = (el.getAttribute('class') ?? '').slice(0, 60);
        out.push(`${el.tagName.toLowerCase()}.${cls} (right ${Math.round(r.right)})`);
      }
    }
    return { px: document.documentElement.scrollWidth - width, culprits: out.join('; ') };
  });
}

/**
 * The page does not scroll sideways. Polled: after a resize the narrow layout replaces the wide one a
 * moment later. A failure names the elements that stick out.
 */
export async function expectNoSideways(page: Page, label = page.url()) {
  try {
    await expect.poll(async () => (await sidewaysOverflow(page)).px).toBeLessThanOrEqual(0);
  } catch (err) {
    const { px, culprits } = await sidewaysOverflow(page);
    throw new Error(`${label} scrolls sideways by ${px} px: ${culprits}`, { cause: err });
  }
}

/** An admin's own browser context, signed in. */
export async function asAdmin(browser: Browser) {
  const ctx = await browser.newContext();
  await loginAsAdmin(ctx.request);
  return ctx;
}

/** A new member with a profile role and extra assigned roles, signed in in their own browser context. */
export async function member(browser: Browser, name: string, role = 'user', extra: string[] = []) {
  const ctx = await browser.newContext();
  const me = await signUpByApi(ctx.request, name, uniqueEmail(name.split(' ')[0].toLowerCase()));
  const id = me.user.id as string;
  const admin = await asAdmin(browser);
  if (role !== 'user') {
    expect((await admin.request.patch(`/api/users/${id}/role`, { data: { role } })).ok()).toBe(true);
  }
  if (extra.length > 0) {
    const { roles } = await (await admin.request.get('/api/roles')).json();
    for (const r of extra) {
      const roleId = roles.find((x: { name: string }) => x.name === r).id;
      const res = await admin.request.post('/api/role-assignments', { data: { userId: id, roleId } });
      expect(res.ok()).toBe(true);
    }
  }
  await admin.close();
  return { ctx, page: await ctx.newPage(), id, name };
}

export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * In the presenter's Timetable, opens the day after tomorrow (on this browser's calendar) and returns
 * it, with its date.
 */
export async function openTimetableDay(page: Page) {
  const when = new Date();
  when.setDate(when.getDate() + 2);
  const dayName = DAY_NAMES[when.getDay()];
  const day = page
    .getByRole('list', { name: 'The next 7 days' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: new RegExp(`^${dayName}`) }) })
    .first();
  await day.getByRole('button', { name: new RegExp(`^${dayName}`) }).click();
  return { when, dayName, day };
}
