import { and, asc, eq, gte, isNull, ne, or } from 'drizzle-orm';
import { displayNameOf } from '../../../shared/contracts/accounts';
import type { ScheduleSlot } from '../../../shared/contracts/schedule';
import { findCurrentSlot, isoDate, slotsOn, upcomingSlots, zonedParts } from '../../../shared/time';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { profiles } from '../accounts/accounts.table';
import { searchPeople } from '../accounts/people.service';
import { readSetting } from '../settings/settings.service';
import { scheduleSlots } from './schedule.table';

/** The station's time zone: the site setting, else the configured default. */
export async function stationTimeZone(ctx: Pick<AppContext, 'db' | 'config'>): Promise<string> {
  return (await readSetting(ctx.db, 'station_timezone')) ?? ctx.config.STATION_TIMEZONE;
}

/** Today's date on the station's calendar, 'YYYY-MM-DD', `offset` days on. */
export async function stationToday(ctx: Pick<AppContext, 'db' | 'config'>, now = new Date(), offset = 0) {
  const p = zonedParts(now, await stationTimeZone(ctx));
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + offset));
  return isoDate({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
}

export interface SlotFilter {
  day?: number;
  approvedOnly?: boolean;
  id?: string;
  presenterId?: string;
  /** Slots holding a cell (not rejected), plus this member's own rejected ones. */
  heldOrOwnedBy?: string;
  /** Weekly slots, and one-offs on this station date or later. */
  fromDate?: string;
}

export async function listSlots(db: DbOrTx, opts: SlotFilter = {}): Promise<ScheduleSlot[]> {
  const conds = [];
  if (opts.id !== undefined) conds.push(eq(scheduleSlots.id, opts.id));
  if (opts.day !== undefined) conds.push(eq(scheduleSlots.dayOfWeek, opts.day));
  if (opts.approvedOnly) conds.push(eq(scheduleSlots.status, 'approved'));
  if (opts.presenterId !== undefined) conds.push(eq(scheduleSlots.presenterId, opts.presenterId));
  if (opts.heldOrOwnedBy !== undefined) {
    conds.push(or(ne(scheduleSlots.status, 'rejected'), eq(scheduleSlots.presenterId, opts.heldOrOwnedBy)));
  }
  if (opts.fromDate !== undefined) {
    conds.push(or(isNull(scheduleSlots.specificDate), gte(scheduleSlots.specificDate, opts.fromDate)));
  }
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
    date: s.specificDate,
  }));
}

/** The approved slot on air now in the station's time zone, if any. */
export async function currentSlot(ctx: Pick<AppContext, 'db' | 'config'>, now = new Date()) {
  const tz = await stationTimeZone(ctx);
  const p = zonedParts(now, tz);
  const slots = slotsOn(await listSlots(ctx.db, { day: p.dayOfWeek, approvedOnly: true }), p);
  return findCurrentSlot(slots, p.dayOfWeek, p.minutes);
}

export async function upcomingToday(ctx: Pick<AppContext, 'db' | 'config'>, now = new Date(), count = 2) {
  const tz = await stationTimeZone(ctx);
  const p = zonedParts(now, tz);
  const slots = slotsOn(await listSlots(ctx.db, { day: p.dayOfWeek, approvedOnly: true }), p);
  return upcomingSlots(slots, p.dayOfWeek, p.minutes, count);
}

/** Who can be given a show: presenters and admins, by name (never an email). */
export async function listPresenters(db: DbOrTx) {
  return searchPeople(db, { role: 'presenter', limit: 500 });
}
