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

/**
 * What the home page, the footer and the schedule say about the station: only what is true now (on air
 * or not, the AutoDJ playing or not, the stream's real bitrate).
 */
export const ON_AIR_TEXTS = {
  /** The home page's line over the heading. */
  tagline: {
    live: (site: string) => `${site} · live now`,
    autodj: (site: string) => `${site} · on air now`,
    'off-air': (site: string) => `${site} · off air`,
  },
  /** The footer's chip. */
  footer: {
    live: 'Live on air now',
    autodj: 'AutoDJ on air now',
    'off-air': 'Off air right now',
  },
  /** The mobile home's stat of what is on air. */
  statLabel: 'Now',
  /** The stream's quality, as the station sends it. */
  quality: (kbps: number, format: string) => `${kbps} kbps${format ? ` ${format.toUpperCase()}` : ''}`,
  qualityAdaptive: 'Adaptive quality',
  qualityUnknown: 'Stream quality',
  kbps: 'kbps',
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
  offAir: 'Off Air',
  offAirBody: 'Nothing is on air right now.',
  recentlyPlayed: 'Recently Played',
  comingUp: 'Coming Up',
} as const;

/** What a listener's player (or whoever opens the stream URL) is told when the stream cannot be played. */
export const LISTEN_TEXTS = {
  notOnAir: 'The station is not on air right now.',
  noStream: 'This station has no stream to relay.',
  relayedTwice:
    'This instance does not run the station engine, and a request another instance relayed is not relayed again. Try again in a few seconds.',
  noHlsFile: 'No such HLS file (the stream may not have started).',
} as const;
