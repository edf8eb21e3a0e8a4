/**
 * Realtime event names and payloads carried over GET /api/events (Server-Sent Events).
 * Events carry small payloads or ids; the web updates its query cache from them.
 */
export const EVENT_TYPES = {
  notificationCreated: 'notification.created',
  notificationsChanged: 'notifications.changed',
  meChanged: 'me.changed',
  /** Sent by the stream itself: the client resumed too far behind to replay (pruned events); read everything again. */
  resync: 'resync',
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
  /** To both participants: a direct message was deleted by its sender (`{ conversationId, id }`). */
  dmDeleted: 'dm.deleted',
  /** To `user:<id>`: the member's own block list changed (the blocked member is not told). */
  blocksChanged: 'blocks.changed',
  /** To `cap:chat.moderate`: the report queue changed. */
  reportsChanged: 'reports.changed',
  membersChanged: 'members.changed',
  /** Sessions ended (sign-out, revocation): caches drop them and their streams close, on every instance. */
  sessionEnded: 'session.ended',
  /** A conversation was opened between two members (both lists change). */
  conversationOpened: 'dm.opened',
  /** The station went on or off air (admins: the dashboard's system status). */
  stationStatusChanged: 'admin.stationStatus',
  /** Discord (admins): the settings changed, or a queued message changed state. */
  discordSettingsChanged: 'discord.settings',
  discordMessageChanged: 'discord.message',
  /** Support: a ticket changed (to its author and support staff), a message was added to one. */
  supportTicketChanged: 'support.ticket',
  supportMessage: 'support.message',
  /**
   * To `user:<id>`, after every commit that moved the member's tokens (card payment, purchase, gift,
   * refund, dispute): their wallet as it now is (`WalletChanged`). Cached reads that show the balance
   * (`/api/me`) name it; the member's open pages show the new balance from it.
   */
  walletChanged: 'wallet.changed',
  /** To `user:<id>`: their purchases changed (bought, gifted). */
  shopPurchases: 'shop.purchases',
  /** To `user:<id>`: one of their card orders changed (paid, expired, refunded...). */
  shopOrder: 'shop.order',
  /** Public: the catalogue or the top supporters changed. */
  shopChanged: 'shop.changed',
  /** To `cap:shop.manage`: card orders changed (the payments tab). */
  shopOrdersChanged: 'shop.orders',
  newsChanged: 'news.changed',
  carouselChanged: 'carousel.changed',
  streamersChanged: 'streamers.changed',
  /** Who is live on Twitch changed: `{ live: string[] }`, the lowercased logins now live. */
  streamersLiveChanged: 'streamers.live',
  // Presenter and staff panels: each goes to the holders of the section's capability.
  ideasChanged: 'ideas.changed',
  trainingChanged: 'training.changed',
  moderationChanged: 'moderation.changed',
  presenterStatsChanged: 'presenterStats.changed',
  apiKeysChanged: 'apiKeys.changed',
  systemLogsChanged: 'systemLogs.changed',
  /** To `cap:media.manage`: AutoDJ's queue or the playlists changed (the Music tab). */
  mediaProgrammingChanged: 'media.programming',
  /** To everyone: a recording of a live show was stored or deleted (listen again, the podcast feed). */
  recordingsChanged: 'recordings.changed',
} as const;

/** `internal` events reach the instances' caches only, never a browser's stream. */
export type Topic = 'public' | 'members' | 'internal' | `user:${string}` | `cap:${string}`;

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
  /** Between instances only (cache invalidation, session ends): no stream subscribes to it. */
  internal: 'internal' as Topic,
  user: (userId: string): Topic => `user:${userId}`,
  capability: (cap: string): Topic => `cap:${cap}`,
};

/** The data of a `wallet.changed` event: the member's wallet after the change. */
export interface WalletChanged {
  balance: number;
  totalEarned: number;
  totalSpent: number;
}
