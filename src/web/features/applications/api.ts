import type { Application, ApplicationInput } from '@shared/contracts/applications';
import { EVENT_TYPES } from '@shared/events';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';
import { useMe } from '@web/app/session';
import type { z } from 'zod';

export interface MyApplicationsData {
  applications: Application[];
  canApply: boolean;
  daysRemaining: number;
}

export const applicationsQueryKey = ['applications'] as const;
const mineKey = [...applicationsQueryKey, 'mine'] as const;

/** The member's own applications (newest first) and whether they may apply now. */
export function useMyApplications() {
  const { me } = useMe();
  return useQuery({
    queryKey: mineKey,
    queryFn: () => api.get<MyApplicationsData>('/api/applications/mine'),
    enabled: Boolean(me),
  });
}

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof ApplicationInput>) =>
      api.post<{ application: Application }>('/api/applications', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mineKey }),
  });
}

/** The admin's list: every pending application, then the latest reviewed ones. */
export function useApplicationsForReview() {
  return useQuery({
    queryKey: [...applicationsQueryKey, 'review'] as const,
    queryFn: () => api.get<{ applications: Application[] }>('/api/applications?status=all'),
    select: (d) => d.applications,
  });
}

export function useReviewApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
      api.post<{ application: Application; notice: string | null }>(
        `/api/applications/${encodeURIComponent(id)}/${decision}`,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicationsQueryKey }),
  });
}

/** Mounted once for the app: sent to reviewers and to the applicant. */
export function useApplicationsEvents() {
  const queryClient = useQueryClient();
  useRealtimeEvent(EVENT_TYPES.applicationsChanged, () => {
    void queryClient.invalidateQueries({ queryKey: applicationsQueryKey });
  });
}
