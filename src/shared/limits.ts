/** Business constants shared by server and web (spec 1 §9, spec 3 §9). */
export const LIMITS = {
  passwordMinLength: 6,
  signUpSuccessCloseMs: 2000,
  badgeBannerMs: 5000,
  notificationListLimit: 20,
  unreadBadgeCap: 9,
  realtimeHeartbeatMs: 25_000,
  realtimeReconnectBackoffMs: [1000, 2000, 5000, 10_000],
  realtimeReplayLimit: 500,
  mobileBreakpointPx: 768,
  notificationBannerMs: 5000,
  fullNameMax: 120,
  emailMax: 254,
  passwordMax: 128,
} as const;
