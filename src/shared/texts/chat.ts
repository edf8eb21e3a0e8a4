/** The live chat (modules/chat, features/chat). Texts convention: see common.ts. */
export const CHAT_TEXTS = {
  loginRequiredTitle: 'Login Required',
  loginRequiredBody: 'Please log in to chat with the live presenter',
  widgetLogin: 'Please log in to use the live chat',
  empty: 'No messages yet. Start the conversation!',
  title: 'Live Presenter Chat',
  subtitle: 'Chat with the live presenter in real-time',
  placeholder: 'Type your message...',
  widgetPlaceholder: 'Type a message...',
  presenterOnly: 'Only presenters can send presenter replies',
  sendFailed: 'Failed to send message',
  tooFast: 'You are sending messages too quickly. Please wait a moment.',
  deleted: 'Message removed by a moderator',
} as const;
