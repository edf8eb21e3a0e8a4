/**
 * The presenter's Stream Info page and why the harbor refused a connection (modules/station,
 * features/station). Texts convention: see common.ts.
 */
export const HARBOR_REFUSALS = {
  wrongLogin: 'Wrong username or password (or the account is disabled).',
  unknownUser: (user: string) =>
    `Your software logged in as “${user}”, which is not a streaming account here. Use your streaming username, or “source” with username:password as the password.`,
  sourceWithoutAccount:
    'Your software logged in as “source” without your account: put your streaming username and password in its password field as username:password.',
  outsideSlots: (graceMinutes: number) =>
    `Outside your booked slots: presenters may go live only in their booked slots, give or take ${graceMinutes} minutes.`,
} as const;

export const STREAM_INFO_TEXTS = {
  credentialsHeading: 'Your streaming credentials',
  username: 'Username',
  password: 'Password',
  noAccount: 'You have no streaming account yet. Generate one to go live.',
  firstPasswordIntro:
    'Your streaming account is ready. Make your password to go live: it is shown to you once, here.',
  makePassword: 'Make my password',
  passwordShownOnce:
    'This password is shown once. Copy it now and keep it safe: it is stored only in scrambled form, so nobody can show it to you again. Generate a new one if you lose it.',
  lostIt: 'Your password was shown once when it was made. Lost it? Regenerate it below.',
  regenerate: 'Regenerate password',
  generate: 'Generate credentials',
  confirmRegenerate: 'Make a new password? The old one stops working at once.',
  passwordMade: 'Your streaming password is ready.',
  passwordRegenerated: 'New streaming password generated.',
  sourceLoginHeading: 'Software that logs in only as “source”',
  sourceLogin: (username: string) =>
    `DarkIce and many hardware encoders send no username of their own. Give them the username source and, as the password, your streaming username and password joined by a comma: ${username},yourpassword (username:password works too where your software sends a colon unchanged).`,
} as const;
