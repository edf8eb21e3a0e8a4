/**
 * The stream, its player and the home page (modules/station, features/station, player and home). Texts
 * convention: see common.ts.
 */
export const STATION_TEXTS = {
  commandOk: (action: string) => `Stream ${action} successful!`,
  commandFailed: (action: string) => `Error performing ${action}. Please try again.`,
  credentialsFailed: 'Error generating new credentials. Please try again.',
  streamerCreateFailed: 'Error creating streamer account',
} as const;

export const PLAYER_TEXTS = {
  streamError: 'Failed to load radio stream',
  notConfigured: 'The station is not configured yet.',
  sendRequest: 'Send a request',
} as const;

export const HOME_TEXTS = {
  heading: 'Your drive, your music.',
  liveNow: 'Live Now',
  autoDj: 'AutoDJ',
  recentlyPlayed: 'Recently Played',
  comingUp: 'Coming Up',
} as const;
