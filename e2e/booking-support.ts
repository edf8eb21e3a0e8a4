import { type Browser, expect } from '@playwright/test';
import { loginAsAdmin, signUpByApi, uniqueEmail } from './support';

/** Helpers of the booking and training-quiz journeys (issue 24). */
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

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

/** The station date (Europe/London) `offset` days from today, its weekday and its day name. */
export function stationDay(offset: number) {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const [y, m, d] = parts.split('-').map(Number);
  const at = new Date(Date.UTC(y, m - 1, d + offset));
  return {
    date: at.toISOString().slice(0, 10),
    dayOfWeek: at.getUTCDay(),
    dayName: DAY_NAMES[at.getUTCDay()],
  };
}
