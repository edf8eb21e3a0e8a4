import type {
  Idea,
  IdeaInput,
  IdeaStatus,
  ModerationOverview,
  PersonRef,
  PresenterRules,
  TrainingInput,
  TrainingSession,
  WarningInput,
} from '@shared/contracts/staff';
import { EVENT_TYPES } from '@shared/events';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import type { StatsData } from '@web/app/data/query-data';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';

/** Data of the presenter panel's sections; each list follows its realtime event while it is shown. */

/** Refreshes `queryKey` on each realtime event of `type` while the caller is mounted. */
export function useInvalidateOn(type: string, queryKey: QueryKey) {
  const queryClient = useQueryClient();
  useRealtimeEvent(type, () => void queryClient.invalidateQueries({ queryKey }));
}

/** A mutation that refreshes `queryKey` when it settles. */
export function useInvalidating<V, R>(queryKey: QueryKey, mutationFn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey }) });
}

// --- People and rules ---
export function usePeopleSearch(term: string) {
  return useKeyedQuery({
    queryKey: queryKeys.staffPeople(term),
    queryFn: () => api.get<{ people: PersonRef[] }>(`/api/staff/people?q=${encodeURIComponent(term)}`),
    select: (d) => d.people,
    enabled: term.length > 0,
    staleTime: 60_000,
  });
}

/** Under 'settings' so a change of site settings (the rules text) refreshes it. */
export function usePresenterRules() {
  return useKeyedQuery({
    queryKey: queryKeys.settings.presenterRules,
    queryFn: () => api.get<PresenterRules>('/api/staff/presenter-rules'),
  });
}

// --- Ideas ---
export function useIdeas() {
  useInvalidateOn(EVENT_TYPES.ideasChanged, queryKeys.ideas);
  return useKeyedQuery({
    queryKey: queryKeys.ideas,
    queryFn: () => api.get<{ ideas: Idea[] }>('/api/staff/ideas'),
    select: (d) => d.ideas,
  });
}
export const useSubmitIdea = () =>
  useInvalidating(queryKeys.ideas, (input: IdeaInput) => api.post<{ idea: Idea }>('/api/staff/ideas', input));
export const useClaimIdea = () =>
  useInvalidating(queryKeys.ideas, (id: string) =>
    api.post<{ idea: Idea }>(`/api/staff/ideas/${encodeURIComponent(id)}/claim`),
  );
export const useSetIdeaStatus = () =>
  useInvalidating(queryKeys.ideas, (v: { id: string; status: IdeaStatus }) =>
    api.patch<{ idea: Idea }>(`/api/staff/ideas/${encodeURIComponent(v.id)}`, { status: v.status }),
  );
export const useDeleteIdea = () =>
  useInvalidating(queryKeys.ideas, (id: string) => api.delete(`/api/staff/ideas/${encodeURIComponent(id)}`));

// --- Radio Mentor ---
export function useTrainingSessions() {
  useInvalidateOn(EVENT_TYPES.trainingChanged, queryKeys.trainingSessions);
  return useKeyedQuery({
    queryKey: queryKeys.trainingSessions,
    queryFn: () => api.get<{ sessions: TrainingSession[] }>('/api/staff/training-sessions'),
    select: (d) => d.sessions,
  });
}
export const useLogTraining = () =>
  useInvalidating(queryKeys.trainingSessions, (input: TrainingInput) =>
    api.post<{ session: TrainingSession }>('/api/staff/training-sessions', input),
  );

// --- Moderator ---
export function useModeration() {
  // Chat deletions are moderation actions too.
  useInvalidateOn(EVENT_TYPES.moderationChanged, queryKeys.moderation);
  useInvalidateOn(EVENT_TYPES.chatDeleted, queryKeys.moderation);
  return useKeyedQuery({
    queryKey: queryKeys.moderation,
    queryFn: () => api.get<ModerationOverview>('/api/staff/moderation'),
  });
}
export const useWarnMember = () =>
  useInvalidating(queryKeys.moderation, (input: WarningInput) =>
    api.post('/api/staff/moderation/warnings', input),
  );

// --- Manager ---
export function usePresenterStats() {
  useInvalidateOn(EVENT_TYPES.presenterStatsChanged, queryKeys.presenterStats);
  return useKeyedQuery({
    queryKey: queryKeys.presenterStats,
    queryFn: () => api.get<StatsData>('/api/staff/presenter-stats'),
  });
}
export function useGenerateStats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<StatsData>('/api/staff/presenter-stats/generate'),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.presenterStats, data),
  });
}
export const useSaveStatsNotes = () =>
  useInvalidating(queryKeys.presenterStats, (v: { presenterId: string; performanceNotes: string }) =>
    api.patch(`/api/staff/presenter-stats/${encodeURIComponent(v.presenterId)}`, {
      performanceNotes: v.performanceNotes,
    }),
  );
