/** The admin panel (modules/admin, features/admin). Texts convention: see common.ts. */
export const ADMIN_TEXTS = {
  loading: 'Loading admin panel...',
  settingsSaveFailed: 'Error saving settings',
  settingsSaved: 'Settings saved.',
  weeklyChartFailed: 'Failed to generate weekly chart. Please try again.',
  streamerCreateFailed: 'Error creating streamer',
  emailTaken: 'An account with this email already exists.',
  passwordAlreadySet: 'This member has already set a password: they can sign in, so no new link is made.',
  setPasswordLinkInvalid: 'This link is invalid or has expired. Ask an admin for a new one.',
  passwordSet: 'Your password is set. Welcome to the station!',
} as const;
