import type {
  Idea,
  IdeaInput,
  IdeaStatus,
  ModerationOverview,
  PersonRef,
  PresenterRules,
  PresenterStats,
  TrainingInput,
  TrainingSession,
  WarningInput,
} from '@shared/contracts/staff';
import { EVENT_TYPES } from '@shared/events';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
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
  return useQuery({
    queryKey: ['staff-people', term] as const,
    queryFn: () => api.get<{ people: PersonRef[] }>(`/api/staff/people?q=${encodeURIComponent(term)}`),
    select: (d) => d.people,
    enabled: term.length > 0,
    staleTime: 60_000,
  });
}

/** Under 'settings' so a change of site settings (the rules text) refreshes it. */
export function usePresenterRules() {
  return useQuery({
    queryKey: ['settings', 'presenter-rules'] as const,
    queryFn: () => api.get<PresenterRules>('/api/staff/presenter-rules'),
  });
}

// --- Ideas ---
const ideasKey = ['ideas'] as const;
export function useIdeas() {
  useInvalidateOn(EVENT_TYPES.ideasChanged, ideasKey);
  return useQuery({
    queryKey: ideasKey,
    queryFn: () => api.get<{ ideas: Idea[] }>('/api/staff/ideas'),
    select: (d) => d.ideas,
  });
}
export const useSubmitIdea = () =>
  useInvalidating(ideasKey, (input: IdeaInput) => api.post<{ idea: Idea }>('/api/staff/ideas', input));
export const useClaimIdea = () =>
  useInvalidating(ideasKey, (id: string) =>
    api.post<{ idea: Idea }>(`/api/staff/ideas/${encodeURIComponent(id)}/claim`),
  );
export const useSetIdeaStatus = () =>
  useInvalidating(ideasKey, (v: { id: string; status: IdeaStatus }) =>
    api.patch<{ idea: Idea }>(`/api/staff/ideas/${encodeURIComponent(v.id)}`, { status: v.status }),
  );
export const useDeleteIdea = () =>
  useInvalidating(ideasKey, (id: string) => api.delete(`/api/staff/ideas/${encodeURIComponent(id)}`));

// --- Radio Mentor ---
const trainingKey = ['training-sessions'] as const;
export function useTrainingSessions() {
  useInvalidateOn(EVENT_TYPES.trainingChanged, trainingKey);
  return useQuery({
    queryKey: trainingKey,
    queryFn: () => api.get<{ sessions: TrainingSession[] }>('/api/staff/training-sessions'),
    select: (d) => d.sessions,
  });
}
export const useLogTraining = () =>
  useInvalidating(trainingKey, (input: TrainingInput) =>
    api.post<{ session: TrainingSession }>('/api/staff/training-sessions', input),
  );

// --- Moderator ---
const moderationKey = ['moderation'] as const;
export function useModeration() {
  // Chat deletions are moderation actions too.
  useInvalidateOn(EVENT_TYPES.moderationChanged, moderationKey);
  useInvalidateOn(EVENT_TYPES.chatDeleted, moderationKey);
  return useQuery({
    queryKey: moderationKey,
    queryFn: () => api.get<ModerationOverview>('/api/staff/moderation'),
  });
}
export const useWarnMember = () =>
  useInvalidating(moderationKey, (input: WarningInput) => api.post('/api/staff/moderation/warnings', input));

// --- Manager ---
const statsKey = ['presenter-stats'] as const;
export interface StatsData {
  stats: PresenterStats[];
  generatedAt: string | null;
}
export function usePresenterStats() {
  useInvalidateOn(EVENT_TYPES.presenterStatsChanged, statsKey);
  return useQuery({ queryKey: statsKey, queryFn: () => api.get<StatsData>('/api/staff/presenter-stats') });
}
export function useGenerateStats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<StatsData>('/api/staff/presenter-stats/generate'),
    onSuccess: (data) => queryClient.setQueryData(statsKey, data),
  });
}
export const useSaveStatsNotes = () =>
  useInvalidating(statsKey, (v: { presenterId: string; performanceNotes: string }) =>
    api.patch(`/api/staff/presenter-stats/${encodeURIComponent(v.presenterId)}`, {
      performanceNotes: v.performanceNotes,
    }),
  );
