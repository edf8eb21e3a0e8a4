/**
 * Discord webhooks and account linking (the Discord module, features/discord). Texts convention: see
 * common.ts.
 */
export const DISCORD_TEXTS = {
  urlRequired: 'Please enter a webhook URL',
  invalidUrl: 'Please enter a valid Discord webhook URL',
  saveFailed: 'Failed to save webhook URL',
  saved: 'Webhook URL saved successfully!',
  saveFirst: 'Please save a webhook URL first',
  emptyMessage: 'Please add some content or embeds to send',
  apiError: (status: number, body: string) => `Discord API error: ${status} - ${body}`,
  sendFailed: 'Failed to send message',
  sent: 'Message sent successfully!',
  newsNotConfigured: 'Discord webhook not configured. Please set it up in Admin Panel > Discord.',
  newsInvalidUrl: 'Invalid Discord webhook URL configuration.',
  newsSent: 'News article sent to Discord successfully!',
  newsQueued: 'Queued for Discord. You will see here when it is sent.',
  queuedNow: 'Queued, sending now',
  queuedRetrying: (attempt: number, seconds: number) =>
    `Queued, retrying (attempt ${attempt}, next in ${seconds} s)`,
  failedTitle: 'Your Discord message was not sent',
  failedMessage: (summary: string, reason: string) => `“${summary}” could not be delivered: ${reason}`,
  newsFailed: 'Failed to send to Discord. Please try again.',
  brokenTitle: 'The Discord webhook stopped working',
  broken: (status: number) =>
    `Discord answered ${status} for the station's webhook: it was deleted or its token changed. Save a new webhook URL in Admin Panel > Discord.`,
  webhookBroken: 'The saved Discord webhook no longer works. Save a new webhook URL first.',
  codeInvalidOrExpired: 'Invalid or expired verification code',
  codeInvalid: 'Invalid verification code',
  codeExpired: 'Verification code has expired',
  linkFailed: 'Failed to link Discord account',
  verifyError: 'An error occurred while verifying the code',
  unlinkFailed: 'Failed to unlink Discord account',
  confirmUnlink: 'Are you sure you want to unlink your Discord account?',
  tooManyTries: 'Too many wrong codes. Please wait a few minutes and try again.',
  linkNotConfigured: 'Discord linking is not set up on this station.',
  alreadyLinkedElsewhere: 'This Discord account is already linked to another member.',
} as const;
