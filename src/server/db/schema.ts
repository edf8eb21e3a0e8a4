/** The one schema: every domain's tables, for Drizzle and drizzle-kit. */
export * from '../infra/realtime.table';
export * from '../modules/accounts/accounts.table';
export * from '../modules/accounts/auth.table';
export * from '../modules/applications/applications.table';
export * from '../modules/badges/badges.table';
export * from '../modules/badges/page-visits.table';
export * from '../modules/chat/chat.table';
export * from '../modules/content/settings.table';
export * from '../modules/library/library.table';
export * from '../modules/messages/messages.table';
export * from '../modules/notifications/notifications.table';
export * from '../modules/requests/requests.table';
export * from '../modules/roles/roles.table';
export * from '../modules/schedule/schedule.table';
export * from '../modules/station/station.table';
