/** Direct messages (modules/messages, features/messages). Texts convention: see common.ts. */
export const MESSAGES_TEXTS = {
  loginRequired: 'Please log in to send messages',
  notYourself: 'You cannot start a conversation with yourself.',
  empty: 'No conversations yet',
  noMessages: 'No messages yet',
  select: 'Select a conversation to start messaging',
  placeholder: 'Type a message...',
} as const;
