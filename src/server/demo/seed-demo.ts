import { eq } from 'drizzle-orm';
import type { ProfileRole } from '../../shared/permissions';
import type { buildApp } from '../app';
import { changeUserRole } from '../modules/accounts/accounts.service';
import { profiles } from '../modules/accounts/accounts.table';
import { notify } from '../modules/notifications/notifications.service';
import { assignRole } from '../modules/roles/roles.service';
import { roles } from '../modules/roles/roles.table';
import { seedDemoAdmin } from './seed-demo-admin';
import { seedDemoCommunity } from './seed-demo-community';
import { seedDemoContent } from './seed-demo-content';
import { seedDemoRequests } from './seed-demo-requests';
import { seedDemoShop } from './seed-demo-shop';
import { seedDemoStaff } from './seed-demo-staff';
import { seedDemoStation } from './seed-demo-station';
import { seedDemoSupport } from './seed-demo-support';

/**
 * The demo station (`npm run seed:demo` runs it: cli/seed-demo.ts): fills a fresh site with a believable
 * station: staff of each role, members and notifications. Accounts go through the real sign-up. Every demo account's password is `onair-demo`.
 * Running it again adds nothing twice.
 */
export const DEMO_PASSWORD = 'onair-demo';

const PEOPLE: {
  name: string;
  email: string;
  role: ProfileRole;
  assigned?: string[];
  social?: Record<string, string>;
}[] = [
  { name: 'Alex Morgan', email: 'admin@onair.local', role: 'admin' },
  {
    name: 'Jade Okafor',
    email: 'jade@onair.local',
    role: 'presenter',
    social: { twitterUsername: 'jadeonair', instagramUsername: 'jade.spins' },
  },
  {
    name: 'Marcus Bell',
    email: 'marcus@onair.local',
    role: 'presenter',
    social: { twitchUsername: 'marcusbell' },
  },
  { name: 'Priya Shah', email: 'priya@onair.local', role: 'presenter', assigned: ['radio_mentor'] },
  { name: 'Tom Fletcher', email: 'tom@onair.local', role: 'staff' },
  { name: 'Hannah Lee', email: 'hannah@onair.local', role: 'user', assigned: ['news_reporter'] },
  { name: 'Sam Rivers', email: 'sam@onair.local', role: 'user', assigned: ['moderator'] },
  { name: 'Olivia Grant', email: 'olivia@onair.local', role: 'user', assigned: ['radio_manager'] },
  { name: 'Dev Patel', email: 'dev@onair.local', role: 'user', assigned: ['developer'] },
  { name: 'Chloe Martin', email: 'chloe@onair.local', role: 'content_moderator' },
  { name: 'Ben Carter', email: 'ben@onair.local', role: 'user' },
  { name: 'Ella Novak', email: 'ella@onair.local', role: 'user' },
  { name: 'Leo Fischer', email: 'leo@onair.local', role: 'user' },
  { name: 'Mia Rossi', email: 'mia@onair.local', role: 'user' },
  { name: 'Noah Williams', email: 'noah@onair.local', role: 'user' },
];

export async function seedDemo(app: Awaited<ReturnType<typeof buildApp>>) {
  const { ctx } = app;
  const ids = new Map<string, string>();
  for (const p of PEOPLE) {
    const [existing] = await ctx.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.email, p.email));
    if (existing) {
      ids.set(p.email, existing.id);
      continue;
    }
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { 'content-type': 'application/json', origin: ctx.config.baseUrl },
      payload: { fullName: p.name, email: p.email, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
    });
    if (res.statusCode !== 201) throw new Error(`Could not create ${p.email}: ${res.body}`);
    ids.set(p.email, res.json().me.user.id);
  }
  const adminId = ids.get('admin@onair.local')!;
  const [adminProfile] = await ctx.db.select().from(profiles).where(eq(profiles.id, adminId));
  if (adminProfile.role !== 'admin')
    await ctx.db.update(profiles).set({ role: 'admin' }).where(eq(profiles.id, adminId));

  for (const p of PEOPLE) {
    const id = ids.get(p.email)!;
    const [row] = await ctx.db.select().from(profiles).where(eq(profiles.id, id));
    if (row.role !== p.role && p.email !== 'admin@onair.local')
      await changeUserRole(ctx, { system: 'Demo seed' }, id, p.role);
    if (p.social) await ctx.db.update(profiles).set(p.social).where(eq(profiles.id, id));
    for (const name of p.assigned ?? []) {
      const [role] = await ctx.db.select().from(roles).where(eq(roles.name, name));
      const actor = { userId: adminId, email: '', signUpName: '', sessionId: '', access: {} as never };
      await assignRole(ctx, actor, { userId: id, roleId: role.id }).catch(() => undefined); // already assigned
    }
  }

  const { rows } = await ctx.dbh.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications');
  if (rows[0].n === 0) {
    for (const p of PEOPLE) {
      const id = ids.get(p.email)!;
      await notify(ctx, id, {
        title: 'Welcome to the station!',
        message: `Hi ${p.name.split(' ')[0]}, glad you are here.`,
        link: '/',
      });
      if (p.role === 'presenter') {
        await notify(ctx, id, {
          title: 'Your show is on the schedule',
          message: 'Check the timetable for your next slot.',
          link: '/schedule',
        });
      }
    }
    await notify(ctx, adminId, {
      title: 'New members this week',
      message: 'Five listeners joined the station.',
      link: '/admin',
    });
  }
  const station = await seedDemoStation(ctx, ids);
  const requests = await seedDemoRequests(ctx, ids);
  const community = await seedDemoCommunity(ctx, ids);
  const admin = await seedDemoAdmin(ctx);
  const support = await seedDemoSupport(ctx, ids);
  const shop = await seedDemoShop(ctx, ids);
  const content = await seedDemoContent(ctx, ids);
  const staff = await seedDemoStaff(ctx, ids);
  return {
    accounts: PEOPLE.length,
    ...station,
    ...requests,
    ...community,
    ...admin,
    ...support,
    ...shop,
    ...content,
    ...staff,
  };
}
