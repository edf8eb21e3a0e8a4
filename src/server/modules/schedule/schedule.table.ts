import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../db/columns';
import { memberColumn } from '../accounts/accounts.table';

/**
 * Weekly show slots. Times are 'HH:MM' in the station's time zone (site setting
 * station_timezone, default Europe/London); browsers show them in the listener's zone.
 * A slot is weekly (specific_date null: every week from starts_on, or always when that is null) or a
 * one-off on one station date (booking_type 'one_time', specific_date set, is_recurring false).
 * One booking per cell is the database's rule: the exclusion constraint `schedule_slots_no_overlap`
 * (written by hand in the migrations, drizzle-kit cannot express it) refuses two slots that are not
 * rejected, overlap on the same weekday, and share a date: two weekly ones always do; a one-off meets a
 * weekly one of its weekday, and another one-off only on its own date. It holds when both are inserted
 * at the same moment.
 */
export const scheduleSlots = pgTable(
  'schedule_slots',
  {
    id: idColumn(),
    presenterId: memberColumn('presenter_id'),
    dayOfWeek: integer('day_of_week').notNull(),
    hourSlot: integer('hour_slot'),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    showName: text('show_name').notNull(),
    description: text('description'),
    specificDate: date('specific_date'),
    /** A weekly slot's first station date (the day it was booked); older ones have none. */
    startsOn: date('starts_on'),
    bookingType: text('booking_type').notNull().default('weekly'),
    isRecurring: boolean('is_recurring').notNull().default(true),
    status: text('status').notNull().default('approved'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('schedule_slots_day_idx').on(t.dayOfWeek, t.startTime),
    index('schedule_slots_presenter_idx').on(t.presenterId),
    check(
      'schedule_slots_one_time_ck',
      sql`(${t.bookingType} = 'one_time') = (${t.specificDate} IS NOT NULL)`,
    ),
  ],
);
