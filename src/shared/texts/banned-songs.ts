/** Banned songs (modules/requests, features/banned-songs). Texts convention: see common.ts. */
export const BANNED_TEXTS = {
  duplicate: 'This song is already banned!',
  addFailed: 'Error banning song. Please try again.',
  updateFailed: 'Error updating ban status. Please try again.',
  deleteFailed: 'Error deleting banned song. Please try again.',
  titleRequired: 'Song title is required',
  artistRequired: 'Artist is required',
  confirmDelete: 'Are you sure you want to permanently delete this banned song?',
} as const;
