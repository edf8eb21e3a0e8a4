/** Badges (modules/badges, features/badges). Texts convention: see common.ts. */
export const BADGES_TEXTS = {
  unlocked: (icon: string, name: string) => `Badge Unlocked: ${icon} ${name}!`,
  tooFast: 'Slow down a little: try again in a moment.',
  notEarned: 'That badge has not been earned yet.',
} as const;
