/** Dates and times for community pages, in the listener's own zone and locale. */

const valid = (v: string | number | Date) => {
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** '14:05' (or '2:05 PM', following the listener's locale). */
export function formatClock(value: string | number | Date, locale?: string): string {
  const d = valid(value);
  return d ? d.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' }) : '';
}

/** 'March 2025': member since, on the profile. */
export function formatMonthYear(value: string | number | Date, locale?: string): string {
  const d = valid(value);
  return d ? d.toLocaleDateString(locale, { month: 'long', year: 'numeric' }) : '';
}

/** '12 Mar 2025'. */
export function formatDay(value: string | number | Date, locale?: string): string {
  const d = valid(value);
  return d ? d.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' }) : '';
}

/** A message's time: the clock for today, otherwise the day and the clock. */
export function formatMessageTime(value: string | number | Date, now = new Date(), locale?: string): string {
  const d = valid(value);
  if (!d) return '';
  const sameDay = d.toDateString() === now.toDateString();
  if (sameDay) return formatClock(d, locale);
  const day = d.toLocaleDateString(locale, {
    day: 'numeric',
    month: 'short',
    ...(d.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
  return `${day}, ${formatClock(d, locale)}`;
}
