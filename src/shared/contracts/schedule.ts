import { z } from 'zod';
import { isRealDate } from './staff';

export const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = (label: string) =>
  z.string({ error: `${label} is required` }).regex(TIME_RE, `${label} must be HH:MM`);

export const ScheduleSlot = z.object({
  id: z.string(),
  presenterId: z.string(),
  presenterName: z.string(),
  presenterPicture: z.string().nullable(),
  dayOfWeek: z.number().int().min(0).max(6),
  startTime: z.string(),
  endTime: z.string(),
  showName: z.string(),
  description: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  /** A one-off show's station date ('YYYY-MM-DD'); null for a weekly show. */
  date: z.string().nullable(),
});
export type ScheduleSlot = z.infer<typeof ScheduleSlot>;

export const Schedule = z.object({ timezone: z.string(), slots: z.array(ScheduleSlot) });

export const SlotInput = z.object({
  presenterId: z.string().min(1, 'Presenter is required'),
  dayOfWeek: z.number({ error: 'Day is required' }).int().min(0).max(6),
  startTime: time('Start time'),
  endTime: time('End time'),
  showName: z.string({ error: 'Show name is required' }).trim().min(1, 'Show name is required').max(120),
  description: z
    .string()
    .max(2000)
    .nullable()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : null)),
  /** A one-off on this station date (its weekday must be dayOfWeek); absent or null books every week. */
  date: z
    .string()
    .refine(isRealDate, 'Date must be a real date (YYYY-MM-DD)')
    .nullable()
    .optional()
    .transform((v) => v ?? null),
});
export type SlotInput = z.input<typeof SlotInput>;

/** A presenter's own booking: always for themself (the server takes the presenter from the session). */
export const MySlotInput = SlotInput.omit({ presenterId: true });
export type MySlotInput = z.input<typeof MySlotInput>;

/**
 * The timetable's view: every slot that holds a cell (pending or approved, anyone's), the caller's own
 * rejected ones, and the caller's count of shows a week against the minimum.
 */
export const ScheduleBoard = Schedule.extend({
  mine: z.object({ booked: z.number().int(), minimum: z.number().int() }),
});
export type ScheduleBoard = z.infer<typeof ScheduleBoard>;
export const SlotDecision = z.object({ decision: z.enum(['approve', 'reject']) });
