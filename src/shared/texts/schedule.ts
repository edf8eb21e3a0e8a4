/** The show schedule (modules/schedule, features/schedule). Texts convention: see common.ts. */
export const SCHEDULE_TEXTS = {
  loading: 'Loading schedule...',
  emptyTitle: 'No Shows Scheduled',
  /** An empty day: what airs between shows, as the station runs now. */
  emptyBody: (autoDj: boolean) =>
    autoDj ? 'AutoDJ plays music whenever no show is on.' : 'Nothing is booked for this day.',
  /** The schedule page's intro. */
  intro: (autoDj: boolean) =>
    autoDj
      ? 'Who is on air this week. Between shows, our AutoDJ keeps the music going.'
      : 'Who is on air this week.',
  invalidTime: 'Invalid time',
  noUpcoming: 'No upcoming shows',
} as const;
