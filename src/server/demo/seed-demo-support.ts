import type { AppContext } from '../context';
import { supportMessages, supportTickets } from '../modules/support/support.table';

/** A few support tickets in every state, with staff replies, for the demo station. */
export async function seedDemoSupport(ctx: AppContext, ids: Map<string, string>) {
  const out = { tickets: 0 };
  const { rows } = await ctx.dbh.query<{ n: number }>('SELECT count(*)::int AS n FROM support_tickets');
  if (rows[0].n > 0) return out;
  const who = (name: string) => ids.get(`${name}@onair.local`)!;
  const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);
  const tickets: {
    by: string;
    subject: string;
    category: string;
    priority: string;
    status: string;
    thread: [string, string, boolean, number][];
  }[] = [
    {
      by: 'ben',
      subject: 'The stream drops every evening',
      category: 'technical',
      priority: 'high',
      status: 'in_progress',
      thread: [
        ['ben', 'Around 9 pm the stream stops for a few seconds, every day this week.', false, 30],
        [
          'admin',
          'Thanks Ben! We are looking at the relay: does it happen on Wi-Fi and mobile data?',
          true,
          26,
        ],
        ['ben', 'Both, I tried on the bus too.', false, 25],
      ],
    },
    {
      by: 'ella',
      subject: 'Sponsoring a show',
      category: 'partnership',
      priority: 'normal',
      status: 'open',
      thread: [
        ['ella', 'Our café would love to sponsor the Sunday Soul show. Who should I talk to?', false, 5],
      ],
    },
    {
      by: 'mia',
      subject: 'Change my display name',
      category: 'general',
      priority: 'low',
      status: 'closed',
      thread: [
        ['mia', 'Could you change my display name to Mia R.?', false, 72],
        ['admin', 'Done! It shows on your profile now.', true, 70],
      ],
    },
  ];
  for (const t of tickets) {
    const last = t.thread[t.thread.length - 1][3];
    const [row] = await ctx.db
      .insert(supportTickets)
      .values({
        userId: who(t.by),
        subject: t.subject,
        category: t.category,
        priority: t.priority,
        status: t.status,
        createdAt: ago(t.thread[0][3]),
        updatedAt: ago(last),
      })
      .returning();
    for (const [name, content, staff, hours] of t.thread) {
      await ctx.db
        .insert(supportMessages)
        .values({ ticketId: row.id, userId: who(name), content, isStaffReply: staff, createdAt: ago(hours) });
    }
    out.tickets += 1;
  }
  return out;
}
