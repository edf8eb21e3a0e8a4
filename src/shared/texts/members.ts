/** The member directory (modules/members, features/members). Texts convention: see common.ts. */
export const MEMBERS_TEXTS = {
  title: 'Community Members',
  search: 'Search members...',
  showing: (n: number) => `Showing ${n} members`,
  empty: 'No members found',
  loading: 'Loading members...',
} as const;
