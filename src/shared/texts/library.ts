/**
 * The song library and the weekly chart (modules/library, features/library and chart). Texts convention: see
 * common.ts.
 */
export const LIBRARY_TEXTS = {
  loginToLike: 'Login to like songs',
  noSongsFound: 'No Songs Found',
  noLikes: 'No Songs Have Been Liked Yet',
  noPlays: 'No Songs Played Yet',
} as const;

export const CHART_TEXTS = {
  title: 'Last weeks chart',
  weekEnding: (date: string) => `Week ending ${date}`,
  update: 'Update Chart',
  updating: 'Updating...',
  emptyTitle: 'No Chart Data Available',
  emptyBody: 'Generate the weekly chart from song play data!',
  generate: 'Generate Chart',
  generating: 'Generating Chart...',
  loading: 'Loading chart...',
  generated: 'Chart generated successfully!',
  failed: 'Failed to generate chart. Please try again.',
} as const;
