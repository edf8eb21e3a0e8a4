/** The web DJ booth in the presenter panel (modules/station/booth, features/presenter booth). */
export const BOOTH_TEXTS = {
  tabLabel: 'Go live',
  needsEngine: 'The web booth needs the station’s built-in engine, which is not running on this station.',
  noStreamingAccount:
    'You have no streaming account yet. Ask an admin to make you a presenter again, or set your streaming password on Stream Info.',
  alreadyOpen: 'Your booth is already open in another window or device. Close it there first.',
  someoneElseLive: (who: string) => `${who} is live right now. You can go live when their show ends.`,
  refused: (reason: string) => `The station did not take your stream: ${reason}`,
  harborUnreachable: 'The station’s live input did not answer. Try again in a moment.',
  endedByStation: 'The station ended your show.',
  lostConnection:
    'Your connection was lost for more than 10 seconds, so the show ended and AutoDJ took over.',
  notAudio: 'What your browser sent is not audio the booth can play.',
  tooFast: 'Your browser sent far more data than a live show needs, so the show was stopped.',
  ended: 'Your show has ended. AutoDJ is back on air.',
  signedOut: 'Sign in as a presenter to use the booth.',
  badOrigin: 'The booth opens only from this station’s own site.',
  states: {
    idle: 'Ready',
    connecting: 'Connecting…',
    live: 'Live',
    reconnecting: 'Reconnecting…',
    ended: 'Ended',
  },
} as const;
