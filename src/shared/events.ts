/**
 * Realtime event names and payloads carried over GET /api/events (Server-Sent Events).
 * Events carry small payloads or ids; the web updates its query cache from them.
 */
export const EVENT_TYPES = {
  notificationCreated: 'notification.created',
  notificationsChanged: 'notifications.changed',
  meChanged: 'me.changed',
  settingsChanged: 'settings.changed',
  nowPlayingChanged: 'nowPlaying.changed',
  /** Only the listener count moved: a tiny event, so a busy station does not resend the whole state. */
  listenersChanged: 'nowPlaying.listeners',
  scheduleChanged: 'schedule.changed',
  chartChanged: 'chart.changed',
  likesChanged: 'likes.changed',
  requestsChanged: 'requests.changed',
  requestSettingsChanged: 'requests.settings',
  bannedSongsChanged: 'banned.changed',
  applicationsChanged: 'applications.changed',
  badgeUnlocked: 'badge.unlocked',
  chatMessage: 'chat.message',
  chatDeleted: 'chat.deleted',
  dmMessage: 'dm.message',
  dmRead: 'dm.read',
  membersChanged: 'members.changed',
} as const;

export type Topic = 'public' | 'members' | `user:${string}` | `cap:${string}`;

export interface RealtimeEvent<T = unknown> {
  id: string;
  topic: Topic;
  type: string;
  data: T;
}

export const topics = {
  public: 'public' as Topic,
  /** Every signed-in member's streams. */
  members: 'members' as Topic,
  user: (userId: string): Topic => `user:${userId}`,
  capability: (cap: string): Topic => `cap:${cap}`,
};
