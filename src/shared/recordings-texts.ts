/**
 * Listen again and the podcast feed, shared by server and web. Kept apart from texts.ts, which
 * is already long.
 */
export const RECORDINGS_TEXTS = {
  notFound: 'Recording not found',
  cannotManage: 'Only the presenter of this show or an admin can change this recording',
  badCursor: 'Use an ISO 8601 date and time for before',
  audit: {
    hidden: (title: string, presenter: string) => `Hid the recording of ${title} (${presenter})`,
    shown: (title: string, presenter: string) => `Published the recording of ${title} (${presenter})`,
    deleted: (title: string, presenter: string) => `Deleted the recording of ${title} (${presenter})`,
  },
  page: {
    title: 'Listen again',
    subtitle: 'Catch up on the live shows you missed.',
    loading: 'Loading recordings…',
    empty: 'No recordings yet. Shows appear here after they have been on air.',
    emptyShow: (show: string) => `No recordings of ${show} yet.`,
    allShows: 'All shows',
    filteredBy: (show: string) => `Showing ${show}`,
    more: 'Show older recordings',
    podcast: 'Podcast feed',
    podcastHint: 'Follow the station’s shows in any podcast app.',
    play: (title: string) => `Play ${title}`,
    pause: (title: string) => `Pause ${title}`,
    seek: 'Position',
    hiddenBadge: 'Hidden',
    hide: 'Hide',
    unhide: 'Publish',
    delete: 'Delete',
    confirmDelete: (title: string) => `Delete the recording of ${title}? The file is removed for good.`,
    hiddenDone: 'Recording hidden',
    shownDone: 'Recording published',
    deletedDone: 'Recording deleted',
    hiddenHeading: 'Hidden recordings',
    manageIntro:
      'Hidden recordings are not on Listen again or in the podcast, and only you and admins can play them.',
    by: (presenter: string) => `with ${presenter}`,
  },
  schedule: { listenAgain: 'Listen again' },
  footer: { listenAgain: 'Listen again', podcast: 'Podcast' },
  podcast: {
    title: (site: string) => `${site} Shows`,
    description: (site: string) => `Recordings of the live shows on ${site}.`,
    itemDescription: (show: string, presenter: string, date: string) =>
      `${show} with ${presenter}, live on ${date}.`,
  },
} as const;
