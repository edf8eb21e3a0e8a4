/**
 * Song requests and the song search behind them (modules/requests, features/requests). Texts convention: see
 * common.ts.
 */
export const REQUESTS_TEXTS = {
  nameRequired: 'Please enter your name.',
  songFieldsRequired: 'Please fill in both song title and artist for song requests.',
  messageRequired: 'Please enter a message for your request.',
  disabled: 'Song requests are currently disabled by the presenter.',
  submitted: 'Request submitted successfully!',
  submitFailedModal: 'Failed to submit request. Please try again.',
  submitFailedPage: 'Error submitting request. Please try again.',
  statusUpdateFailed: 'Error updating request status. Please try again.',
  settingsFailed: 'Failed to update request settings. Please try again.',
  noLiveDjButton: 'Requests Disabled (No Live DJ)',
  disabledButton: 'Song Requests Disabled',
  noLiveDj: 'Requests are open while a presenter is live. Please try again during a show.',
  alreadyRequested: 'This song was already requested and will play soon.',
  playedRecently: (minutes: number) =>
    `This song was played in the last ${minutes} minutes. Please pick another one.`,
  tooSoon: (minutes: number, wait: number) =>
    `You can send one request every ${minutes} minutes. Please try again in ${wait} minute${wait === 1 ? '' : 's'}.`,
  banned: 'This song is banned on this station and cannot be requested.',
  badTransition: (from: string, to: string) => `A ${from} request cannot be marked ${to}.`,
  autoDjActive: 'AutoDJ Active',
  /** Requests page with nobody live: when the next live show is (from the schedule). */
  nextLiveShowHeading: 'Requests open when a presenter is live',
  nextLiveShow: (when: string) => `Next live show: ${when}`,
  scheduledNow: 'On the schedule now: requests open as soon as the presenter goes live.',
  noLiveShowThisWeek: 'No live show is on the schedule this week. The AutoDJ keeps the music going.',
  seeOnSchedule: 'See it on the schedule',
  seeSchedule: 'See the schedule',
  playedNotificationTitle: 'Your request is on air!',
} as const;

export const MUSIC_TEXTS = {
  spotifyUnavailable: 'Spotify search is not available. Please enter song details manually.',
  spotifyFailed: 'Error searching Spotify. Please try again or enter song details manually.',
} as const;
