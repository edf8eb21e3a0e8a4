import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';

export const PASSWORD = 'e2e-secret-1';
export const ADMIN = { name: 'Station Founder', email: 'founder@e2e.test', password: PASSWORD };

let counter = 0;
export function uniqueEmail(prefix: string) {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@e2e.test`;
}

/** Keeps a named screenshot as an artifact (e2e/artifacts), besides Playwright's own. */
export async function shot(page: Page, name: string) {
  mkdirSync('e2e/artifacts', { recursive: true });
  await page.screenshot({ path: `e2e/artifacts/${name}.png`, fullPage: true });
}

/** Signs the browser context in through the API (the cookie lands in the context). */
export async function loginByApi(request: APIRequestContext, email: string, password = PASSWORD) {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  if (!res.ok()) throw new Error(`login failed for ${email}: ${res.status()} ${await res.text()}`);
  return (await res.json()).me;
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
