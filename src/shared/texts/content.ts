/**
 * The home carousel and community streamers (modules/content, features/content). Texts convention: see
 * common.ts.
 */
export const CAROUSEL_TEXTS = {
  saveFailed: 'Failed to save carousel image',
  deleteFailed: 'Failed to delete carousel image',
  imageUrlRequired: 'Image URL is required',
  imageUrlInvalid: 'Please enter a valid URL',
  linkUrlInvalid: 'Please enter a valid link (http, https or a page of this site)',
  confirmDelete: 'Are you sure you want to delete this carousel image?',
  notFound: 'Carousel image not found',
  imageTooLarge: 'Images can be at most 5 MB.',
} as const;

export const STREAMERS_TEXTS = {
  title: 'Streamers',
  subtitle: 'Check out these streamers from our community',
  empty: 'No streamers to display yet',
  loading: 'Loading streamers...',
  saveError: (message: string) => `Error saving streamer: ${message}`,
  deleteError: (message: string) => `Error deleting streamer: ${message}`,
  updateError: (message: string) => `Error updating streamer: ${message}`,
  added: 'Streamer added successfully!',
  updated: 'Streamer updated successfully!',
  deleted: 'Streamer deleted successfully!',
  usernameRequired: 'Username is required',
  platformRequired: 'Platform is required',
  displayOrderInteger: 'Display order must be a whole number',
  confirmDelete: 'Are you sure you want to delete this streamer?',
  notFound: 'Streamer not found',
  twitchNotConfigured:
    'Twitch is not set up: set TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET to show LIVE badges.',
  live: 'LIVE',
  watch: 'Watch',
  viewAll: 'view all',
} as const;
