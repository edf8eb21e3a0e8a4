import { and, count, eq, gte, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { MySlotInput, ScheduleBoard, ScheduleSlot, SlotInput } from '../../../shared/contracts/schedule';
import { EVENT_TYPES, topics } from '../../../shared/events';
import { LIMITS } from '../../../shared/limits';
import { PRESENTER_TEXTS } from '../../../shared/texts/staff';
import { minutesOf } from '../../../shared/time';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../infra/http/access';
import { badRequest, conflict, notFound, pgErrorCode, requireUuid } from '../../infra/http/errors';
import { profiles } from '../accounts/accounts.table';
import { notify } from '../notifications/notifications.service';
import { listSlots, stationTimeZone, stationToday } from './schedule.service';
import { scheduleSlots } from './schedule.table';

/**
 * Booking shows. Two slots that hold a cell (pending or approved) never overlap: the database refuses
 * the second one (exclusion constraint `schedule_slots_no_overlap`), so two bookings of one cell at
 * the same moment give one winner; the loser is told which show holds the time. A slot is weekly, or a
 * one-off on one station date (it holds its cell on that date only). Admins' slots are
 * approved at once; a presenter's own bookings wait for an admin, who approves or rejects them and the
 * presenter is told. Every change reaches open schedule pages over the event stream.
 */
type Ctx = Pick<AppContext, 'db' | 'realtime' | 'config'>;
type SlotValues = Omit<SlotInput, 'description' | 'date'> & {
  description: string | null;
  date: string | null;
};
type MySlotValues = Omit<MySlotInput, 'description' | 'date'> & {
  description: string | null;
  date: string | null;
};
type Timed = { dayOfWeek: number; startTime: string; endTime: string; date?: string | null };

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const hourOf = (hhmm: string) => Math.floor(minutesOf(hhmm)! / 60);
const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

/** 'Monday 09:00–10:00' for a weekly show; 'Tuesday 1 Dec 09:00–10:00 (one-off)' for a dated one. */
function describeWhen(s: Timed) {
  if (!s.date) return `${DAY_NAMES[s.dayOfWeek]} ${s.startTime}–${s.endTime}`;
  const [, m, d] = s.date.split('-').map(Number);
  return `${DAY_NAMES[s.dayOfWeek]} ${d} ${MONTHS[m - 1]} ${s.startTime}–${s.endTime} (one-off)`;
}

/**
 * A one-off falls on its slot's weekday, today or later on the station's calendar, and within the
 * booking horizon. A weekly slot starts today: one-offs already past never stand in its way.
 */
async function checkDate(ctx: Ctx, input: Timed) {
  if (!input.date) return;
  if (weekdayOf(input.date) !== input.dayOfWeek) {
    throw badRequest(PRESENTER_TEXTS.oneOffWrongDay, { date: PRESENTER_TEXTS.oneOffWrongDay });
  }
  if (input.date < (await stationToday(ctx))) {
    throw badRequest(PRESENTER_TEXTS.oneOffPast, { date: PRESENTER_TEXTS.oneOffPast });
  }
  if (input.date > (await stationToday(ctx, new Date(), LIMITS.oneOffBookingMaxDays))) {
    const msg = PRESENTER_TEXTS.oneOffTooFar(LIMITS.oneOffBookingMaxDays);
    throw badRequest(msg, { date: msg });
  }
}

/** The stored columns of a slot: a one-off keeps its date; a weekly one runs from today. */
async function columnsOf<T extends SlotValues | MySlotValues>(ctx: Ctx, input: T) {
  const { date, ...rest } = input;
  return {
    ...rest,
    hourSlot: hourOf(input.startTime),
    specificDate: date,
    bookingType: date ? 'one_time' : 'weekly',
    isRecurring: !date,
    startsOn: date ? null : await stationToday(ctx),
  };
}
const DAY_MINUTES = 24 * 60;
/** An end of 00:00 is midnight, the end of the slot's day. */
const endMinutes = (hhmm: string) => (minutesOf(hhmm) === 0 ? DAY_MINUTES : minutesOf(hhmm)!);

function checkTimes(input: { startTime: string; endTime: string }) {
  if (endMinutes(input.endTime) <= minutesOf(input.startTime)!) {
    throw badRequest('End time must be after start time', { endTime: 'End time must be after start time' });
  }
}

async function requirePresenter(ctx: Ctx, id: string) {
  const [p] = await ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, id));
  if (!p) throw notFound('Presenter not found');
}

/** After the database refused an overlap: name the show that holds the time (or say it was just taken). */
async function clashError(ctx: Ctx, input: Timed) {
  const start = minutesOf(input.startTime)!;
  const end = endMinutes(input.endTime);
  // One-offs already past hold nothing (a day's margin for the station's zone: this only names the show).
  const recent = new Date(Date.now() - 24 * 3600_000).toISOString().slice(0, 10);
  const sameDay = await listSlots(ctx.db, { day: input.dayOfWeek, fromDate: recent });
  const clash = sameDay.find(
    (s) =>
      s.status !== 'rejected' &&
      (!input.date || !s.date || s.date === input.date) &&
      start < endMinutes(s.endTime) &&
      end > minutesOf(s.startTime)!,
  );
  return conflict(
    clash
      ? PRESENTER_TEXTS.slotOverlaps(clash.showName, clash.startTime, clash.endTime)
      : PRESENTER_TEXTS.cellTaken,
  );
}

/**
 * Every booking write takes this transaction-scoped lock first, so they run one at a time. Without it,
 * bookings of one cell made at the same moment deadlocked inside the exclusion check (each waiting for the
 * other's uncommitted row); PostgreSQL cancels one of each pair after its deadlock timeout (1 s), so 20 at
 * once took one second per pair, tried again and again: in a CI run on PostgreSQL 4 of 20 had no answer
 * after 90 s. In line, each write sees the committed bookings before it and meets them as an overlap.
 */
const BOOKING_LOCK = 727_321;
/** How often a write cancelled by PostgreSQL's deadlock detector is tried again (see guarded). */
const DEADLOCK_ATTEMPTS = 5;

/**
 * Runs a write that may overlap another slot, in a transaction under BOOKING_LOCK; the database's refusal
 * becomes a clear 409. A write still cancelled by the deadlock detector (40P01: bookings no longer
 * deadlock each other, but another writer of the same rows might) is tried again, and then either books
 * the time or meets the other booking as an overlap.
 */
export async function guarded<T>(ctx: Ctx, input: Timed, write: (tx: DbOrTx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${BOOKING_LOCK})`);
        return write(tx);
      });
    } catch (err) {
      const code = pgErrorCode(err);
      if (code === '23P01') throw await clashError(ctx, input);
      if (code !== '40P01') throw err;
      if (attempt >= DEADLOCK_ATTEMPTS) throw await clashError(ctx, input);
    }
  }
}

async function changed(ctx: Ctx) {
  await ctx.realtime.publish(topics.public, EVENT_TYPES.scheduleChanged, {});
}

async function loadSlot(ctx: Ctx, id: string) {
  requireUuid(id, 'Slot not found');
  const [row] = await ctx.db.select().from(scheduleSlots).where(eq(scheduleSlots.id, id));
  if (!row) throw notFound('Slot not found');
  return row;
}

async function presented(ctx: Ctx, id: string): Promise<ScheduleSlot> {
  return (await listSlots(ctx.db, { id }))[0];
}

/** An admin (schedule.manage) books a slot for any presenter: approved at once. */
export async function createSlot(ctx: Ctx, input: SlotValues) {
  checkTimes(input);
  await checkDate(ctx, input);
  await requirePresenter(ctx, input.presenterId);
  const values = await columnsOf(ctx, input);
  const [row] = await guarded(ctx, input, (tx) =>
    tx
      .insert(scheduleSlots)
      .values({ ...values, status: 'approved' })
      .returning({ id: scheduleSlots.id }),
  );
  await changed(ctx);
  return presented(ctx, row.id);
}

/** Every admin is told in the bell that a booking waits; the link opens the approvals view. */
async function tellAdmins(ctx: Ctx, slot: ScheduleSlot) {
  const admins = await ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.role, 'admin'));
  for (const a of admins) {
    if (a.id === slot.presenterId) continue;
    await notify(ctx, a.id, {
      title: PRESENTER_TEXTS.slotWaitingTitle,
      message: `"${slot.showName}" by ${slot.presenterName} (${describeWhen(slot)}) is waiting for approval.`,
      link: '/admin?tab=timetable',
    });
  }
}

/**
 * A presenter books a slot for themself, every week or once on a date: it waits for an admin's
 * approval, and the admins are told.
 */
export async function bookOwnSlot(ctx: Ctx, actor: Actor, input: MySlotValues) {
  checkTimes(input);
  await checkDate(ctx, input);
  const values = await columnsOf(ctx, input);
  const [row] = await guarded(ctx, input, (tx) =>
    tx
      .insert(scheduleSlots)
      .values({ ...values, presenterId: actor.userId, status: 'pending' })
      .returning({ id: scheduleSlots.id }),
  );
  await changed(ctx);
  const slot = await presented(ctx, row.id);
  await tellAdmins(ctx, slot);
  return slot;
}

/** An admin edits any slot (and may move it to another presenter); its status stays. */
export async function updateSlot(ctx: Ctx, id: string, input: SlotValues) {
  await loadSlot(ctx, id);
  checkTimes(input);
  await checkDate(ctx, input);
  await requirePresenter(ctx, input.presenterId);
  const values = await columnsOf(ctx, input);
  await guarded(ctx, input, (tx) => tx.update(scheduleSlots).set(values).where(eq(scheduleSlots.id, id)));
  await changed(ctx);
  return presented(ctx, id);
}

/**
 * A presenter edits their own slot (anyone else's answers 404). Moving it to another time sends it
 * back for approval; so does editing a rejected one (a new request). Renaming keeps its status.
 */
export async function updateOwnSlot(ctx: Ctx, actor: Actor, id: string, input: MySlotValues) {
  const current = await loadSlot(ctx, id);
  if (current.presenterId !== actor.userId) throw notFound('Slot not found');
  checkTimes(input);
  await checkDate(ctx, input);
  const moved =
    current.dayOfWeek !== input.dayOfWeek ||
    current.startTime !== input.startTime ||
    current.endTime !== input.endTime ||
    current.specificDate !== input.date;
  const status = moved || current.status === 'rejected' ? 'pending' : current.status;
  const values = await columnsOf(ctx, input);
  await guarded(ctx, input, (tx) =>
    tx
      .update(scheduleSlots)
      .set({ ...values, status })
      .where(and(eq(scheduleSlots.id, id), eq(scheduleSlots.presenterId, actor.userId))),
  );
  await changed(ctx);
  const slot = await presented(ctx, id);
  if (status === 'pending' && (moved || current.status !== 'pending')) await tellAdmins(ctx, slot);
  return slot;
}

export async function deleteSlot(ctx: Ctx, id: string, ownerId?: string) {
  requireUuid(id, 'Slot not found');
  const rows = await ctx.db
    .delete(scheduleSlots)
    .where(and(eq(scheduleSlots.id, id), ownerId ? eq(scheduleSlots.presenterId, ownerId) : undefined))
    .returning({ id: scheduleSlots.id });
  if (rows.length === 0) throw notFound('Slot not found');
  await changed(ctx);
}

/** An admin approves or rejects a pending slot; the presenter is notified. Only approved slots are public. */
export async function decideSlot(ctx: Ctx, id: string, decision: 'approve' | 'reject') {
  requireUuid(id, 'Slot not found');
  const status = decision === 'approve' ? 'approved' : 'rejected';
  const [row] = await ctx.db
    .update(scheduleSlots)
    .set({ status })
    .where(and(eq(scheduleSlots.id, id), eq(scheduleSlots.status, 'pending')))
    .returning();
  if (!row) {
    await loadSlot(ctx, id);
    throw conflict(PRESENTER_TEXTS.slotNotPending);
  }
  const when = describeWhen({ ...row, date: row.specificDate });
  await notify(ctx, row.presenterId, {
    title: decision === 'approve' ? PRESENTER_TEXTS.slotApprovedTitle : PRESENTER_TEXTS.slotRejectedTitle,
    message:
      decision === 'approve'
        ? `"${row.showName}" (${when}) is now on the public schedule.`
        : `"${row.showName}" (${when}) was not approved. Pick another time in your timetable.`,
    link: decision === 'approve' ? '/schedule' : '/presenter',
  });
  await changed(ctx);
  return presented(ctx, id);
}

/**
 * Shows a presenter holds in the coming week (pending or approved), against the minimum of 2: every
 * weekly show, and the one-offs of the next 7 days.
 */
export async function weeklyShowCount(ctx: Pick<AppContext, 'db' | 'config'>, presenterId: string) {
  const from = await stationToday(ctx);
  const to = await stationToday(ctx, new Date(), LIMITS.bookingDays - 1);
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(scheduleSlots)
    .where(
      and(
        eq(scheduleSlots.presenterId, presenterId),
        ne(scheduleSlots.status, 'rejected'),
        or(
          isNull(scheduleSlots.specificDate),
          and(gte(scheduleSlots.specificDate, from), lte(scheduleSlots.specificDate, to)),
        ),
      ),
    );
  return Number(n);
}

/** The timetable: every slot holding a cell, the caller's own rejected ones, and their weekly count. */
export async function scheduleBoard(ctx: Ctx, actor: Actor): Promise<ScheduleBoard> {
  return {
    timezone: await stationTimeZone(ctx),
    slots: await listSlots(ctx.db, { heldOrOwnedBy: actor.userId, fromDate: await stationToday(ctx) }),
    mine: { booked: await weeklyShowCount(ctx, actor.userId), minimum: LIMITS.minShowsPerWeek },
  };
}
