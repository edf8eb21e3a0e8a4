/**
 * User-facing texts quoted by the specification, used verbatim by server and web. Tests import these
 * constants and also check the literal wording.
 *
 * One convention for every text: `src/shared/texts/<area>.ts`, one file per module or web feature (media.ts
 * for modules/media, chat.ts for modules/chat…), each exporting `<NAME>_TEXTS` objects, imported from the
 * file itself (`import { CHAT_TEXTS } from '@shared/texts/chat'`; no index file gathers them). This file
 * holds the texts the whole app shares: access refusals, errors, loading states, the footer, live updates
 * and stored files.
 */
export const ACCESS_TEXTS = {
  denied: 'Access Denied',
  adminRequired: 'You need administrator privileges to access this page.',
  presenterRequired: 'Access Denied: You need presenter privileges to access this panel.',
  staffRequired: 'Access Denied: You need staff privileges to access this page.',
  newsReporterRequired: 'You need News Reporter privileges to access this page.',
  signInRequired: 'Please log in to continue.',
  forbidden: 'You do not have permission to do that.',
} as const;

export const ERRORS_TEXTS = {
  notFound: 'Not found',
  internal: 'Something went wrong on our side. Please try again.',
  validation: 'Some fields are not valid.',
  bodyTooLarge: 'The request is too large.',
  tooManyRequests: 'Too many requests. Please slow down and try again in a moment.',
  unsafeText: 'Text cannot contain the NUL character or broken Unicode (an unpaired surrogate).',
} as const;

export const LOADING_TEXTS = {
  product: (product: string) => `Loading ${product}...`,
  generic: 'Loading...',
} as const;

export const FOOTER_TEXTS = {
  love: 'Made with love for music lovers',
  quality: 'Experience high-quality audio streaming with crystal clear sound',
} as const;

export const REALTIME_TEXTS = {
  badLastEventId: 'Last-Event-ID must be an event id: a whole number from 0 to 9007199254740991.',
  tooManyStreams: 'Too many open live-update streams from this address. Close a tab and try again.',
} as const;

export const FILES_TEXTS = {
  notFound: 'File not found',
  storeUnavailable: 'Files cannot be read or stored right now. Please try again in a moment.',
} as const;
