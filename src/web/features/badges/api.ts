import type { Badge } from '@shared/contracts/badges';
import { api } from '@web/app/data/api-client';
import type { MyBadgesData, UserBadge } from '@web/app/data/query-data';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { useMe } from '@web/app/session';
import type { UnlockRequest } from './badge-unlocker';

export type { MyBadgesData, UserBadge };
export interface UnlockResult {
  success: boolean;
  newlyUnlocked: boolean;
  badge: Badge;
}

/** Every badge there is, rarest first. */
export function useBadgeCatalogue() {
  return useKeyedQuery({
    queryKey: queryKeys.badges.catalogue,
    queryFn: () => api.get<{ badges: Badge[] }>('/api/badges'),
    select: (d) => d.badges,
    staleTime: 10 * 60_000,
  });
}

/** The signed-in member's unlocked badges; kept live by 'badge.unlocked' events. */
export function useMyBadges() {
  const { me } = useMe();
  return useKeyedQuery({
    queryKey: queryKeys.badges.mine,
    queryFn: () => api.get<MyBadgesData>('/api/badges/mine'),
    enabled: Boolean(me),
  });
}

export const postUnlock = (input: UnlockRequest) => api.post<UnlockResult>('/api/badges/unlock', input);

/** Adds a newly unlocked badge to the member's list once (by id or by code). */
export function withUnlockedBadge(
  data: MyBadgesData | undefined,
  unlocked: UserBadge,
): MyBadgesData | undefined {
  if (!data) return data;
  if (data.badges.some((b) => b.id === unlocked.id || b.badge.code === unlocked.badge.code)) return data;
  return { ...data, badges: [unlocked, ...data.badges] };
}
