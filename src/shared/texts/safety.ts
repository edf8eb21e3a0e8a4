/** Blocking, reports and moderation (modules/safety, features/safety). Texts convention: see common.ts. */
export const SAFETY_TEXTS = {
  /** Neutral on purpose: the sender is not told they were blocked. */
  cannotMessage: 'You cannot send messages to this member.',
  youBlocked: 'You have blocked this member. Unblock them in your profile settings to send a message.',
  notYourself: 'You cannot block yourself.',
  blocked: (name: string) => `${name} is blocked. You will not see their messages.`,
  unblocked: (name: string) => `${name} is unblocked.`,
  blockedTitle: 'Blocked members',
  blockedHint:
    'You do not see their chat messages, and they cannot message or mention you. They are not told.',
  noneBlocked: 'You have not blocked anyone.',
  reportSent: 'Thank you. Your report was sent to the moderators.',
  reportTooFast: 'You have sent several reports in a short time. Please wait a few minutes.',
  alreadyReported: 'You have already reported this. The moderators will look at it.',
  reportSelf: 'You cannot report yourself.',
  reportNotFound: 'There is nothing to report here any more.',
  reportHandledTitle: 'Your report was reviewed',
  reportResolved: 'Thank you for your report: a moderator looked at it and took action.',
  reportDismissed: 'Thank you for your report: a moderator looked at it and found nothing against the rules.',
  reportAlreadyHandled: 'This report has already been handled.',
  queueTitle: 'Reports',
  queueEmpty: 'No open reports. All quiet.',
  notOwnMessage: 'You can only delete your own messages.',
  messageDeleted: 'Message deleted',
  mentionTitle: (name: string) => `${name} mentioned you in the live chat`,
} as const;
