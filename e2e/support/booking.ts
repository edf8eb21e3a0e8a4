import { DAY_NAMES } from './common';

export { asAdmin, member } from './common';

/** Helpers of the booking and training-quiz journeys. */

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
