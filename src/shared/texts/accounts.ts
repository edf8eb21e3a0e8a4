/**
 * Sign-up, sign-in and the member's own profile (modules/accounts, features/auth and profile). Texts
 * convention: see common.ts.
 */
export const AUTH_TEXTS = {
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters',
  invalidCredentials:
    "Invalid email or password. Please check your credentials or register if you don't have an account.",
  emailNotConfirmed:
    'Your email address has not been confirmed. Please check your inbox for a confirmation link.',
  accountCreated: 'Account Created!',
  welcome: 'Welcome to the radio! You can now start exploring.',
  firstUserAdmin: 'You are the first member of this station, so your account is its administrator.',
  noUserLoggedIn: 'No user logged in',
  fullNameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  emailTaken: 'An account with this email already exists. Please log in instead.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
} as const;

export const PROFILE_TEXTS = {
  loggedOut: 'Please log in to view your profile and manage your account',
  displayNameReadOnly: 'Contact support to change your display name',
  emailReadOnly: 'Email cannot be changed',
  socialSaved: 'Social media links updated successfully!',
  socialFailed: 'Failed to update social media links. Please try again.',
  pictureTooLarge: 'Profile pictures can be at most 5 MB.',
  pictureNotImage: 'Please choose an image (JPG, PNG, GIF or WebP).',
  pictureBusy: 'Many pictures are being uploaded right now. Please try again in a moment.',
} as const;
