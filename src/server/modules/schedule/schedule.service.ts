import { and, asc, eq } from 'drizzle-orm';
import { displayNameOf } from '../../../shared/contracts/accounts';
import type { ScheduleSlot, SlotInput } from '../../../shared/contracts/schedule';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { findCurrentSlot, isValidTimeZone, minutesOf, upcomingSlots, zonedParts } from '../../../shared/time';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { badRequest, notFound, requireUuid } from '../../infra/errors';
import { profiles } from '../accounts/accounts.table';
import { getSetting } from '../content/settings.service';
import { scheduleSlots } from './schedule.table';

type Ctx = Pick<AppContext, 'db' | 'realtime' | 'config'>;

/** The station's time zone: the site setting, else the configured default. */
export async function stationTimeZone(ctx: Pick<AppContext, 'db' | 'config'>): Promise<string> {
  const v = await getSetting<string>(ctx.db, 'station_timezone');
  return typeof v === 'string' && isValidTimeZone(v) ? v : ctx.config.STATION_TIMEZONE;
}

export async function listSlots(
  db: DbOrTx,
  opts: { day?: number; approvedOnly?: boolean; id?: string } = {},
): Promise<ScheduleSlot[]> {
  const conds = [];
  if (opts.id !== undefined) conds.push(eq(scheduleSlots.id, opts.id));
  if (opts.day !== undefined) conds.push(eq(scheduleSlots.dayOfWeek, opts.day));
  if (opts.approvedOnly) conds.push(eq(scheduleSlots.status, 'approved'));
  const rows = await db
    .select({
      s: scheduleSlots,
      p: { fullName: profiles.fullName, email: profiles.email, picture: profiles.profilePicture },
    })
    .from(scheduleSlots)
    .innerJoin(profiles, eq(profiles.id, scheduleSlots.presenterId))
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(asc(scheduleSlots.dayOfWeek), asc(scheduleSlots.startTime));
  return rows.map(({ s, p }) => ({
    id: s.id,
    presenterId: s.presenterId,
    presenterName: displayNameOf({ fullName: p.fullName, email: p.email }),
    presenterPicture: p.picture,
    dayOfWeek: s.dayOfWeek,
    startTime: s.startTime,
    endTime: s.endTime,
    showName: s.showName,
    description: s.description,
    status: s.status as ScheduleSlot['status'],
  }));
}

/** The approved slot on air now in the station's time zone, if any. */
export async function currentSlot(ctx: Pick<AppContext, 'db' | 'config'>, now = new Date()) {
  const tz = await stationTimeZone(ctx);
  const p = zonedParts(now, tz);
  const slots = await listSlots(ctx.db, { day: p.dayOfWeek, approvedOnly: true });
  return findCurrentSlot(slots, p.dayOfWeek, p.minutes);
}

export async function upcomingToday(ctx: Pick<AppContext, 'db' | 'config'>, now = new Date(), count = 2) {
  const tz = await stationTimeZone(ctx);
  const p = zonedParts(now, tz);
  const slots = await listSlots(ctx.db, { day: p.dayOfWeek, approvedOnly: true });
  return upcomingSlots(slots, p.dayOfWeek, p.minutes, count);
}

async function checkSlot(db: DbOrTx, input: SlotInput & { description: string | null }, ignoreId?: string) {
  const start = minutesOf(input.startTime)!;
  const end = minutesOf(input.endTime)!;
  if (end !== 0 && end <= start)
    throw badRequest('End time must be after start time', { endTime: 'End time must be after start time' });
  const [presenter] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, input.presenterId));
  if (!presenter) throw notFound('Presenter not found');
  const sameDay = await listSlots(db, { day: input.dayOfWeek });
  const until = (t: string) => (minutesOf(t) === 0 ? 24 * 60 : minutesOf(t)!);
  const clash = sameDay.find(
    (s) =>
      s.id !== ignoreId &&
      s.status !== 'rejected' &&
      start < until(s.endTime) &&
      until(input.endTime) > minutesOf(s.startTime)!,
  );
  if (clash)
    throw badRequest(`This time overlaps "${clash.showName}" (${clash.startTime}–${clash.endTime}).`);
}

async function published(ctx: Ctx) {
  await ctx.realtime.publish(topics.public, EVENT_TYPES.scheduleChanged, {});
}

export async function createSlot(
  ctx: Ctx,
  input: SlotInput & { description: string | null },
  status: 'approved' | 'pending' = 'approved',
) {
  await checkSlot(ctx.db, input);
  const [row] = await ctx.db
    .insert(scheduleSlots)
    .values({ ...input, hourSlot: Math.floor(minutesOf(input.startTime)! / 60), status })
    .returning({ id: scheduleSlots.id });
  await published(ctx);
  return (await listSlots(ctx.db, { id: row.id }))[0];
}

export async function updateSlot(ctx: Ctx, id: string, input: SlotInput & { description: string | null }) {
  requireUuid(id, 'Slot not found');
  const [existing] = await ctx.db
    .select({ id: scheduleSlots.id })
    .from(scheduleSlots)
    .where(eq(scheduleSlots.id, id));
  if (!existing) throw notFound('Slot not found');
  await checkSlot(ctx.db, input, id);
  await ctx.db
    .update(scheduleSlots)
    .set({ ...input, hourSlot: Math.floor(minutesOf(input.startTime)! / 60) })
    .where(eq(scheduleSlots.id, id));
  await published(ctx);
  return (await listSlots(ctx.db, { id }))[0];
}

export async function deleteSlot(ctx: Ctx, id: string) {
  requireUuid(id, 'Slot not found');
  const rows = await ctx.db
    .delete(scheduleSlots)
    .where(eq(scheduleSlots.id, id))
    .returning({ id: scheduleSlots.id });
  if (rows.length === 0) throw notFound('Slot not found');
  await published(ctx);
}
