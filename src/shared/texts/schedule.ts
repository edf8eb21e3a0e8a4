/** The show schedule (modules/schedule, features/schedule). Texts convention: see common.ts. */
export const SCHEDULE_TEXTS = {
  loading: 'Loading schedule...',
  emptyTitle: 'No Shows Scheduled',
  emptyBody: 'AutoDJ is live 24/7 with the best music selection',
  invalidTime: 'Invalid time',
  noUpcoming: 'No upcoming shows',
} as const;
