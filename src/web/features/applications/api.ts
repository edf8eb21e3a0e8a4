import type { Application, ApplicationInput } from '@shared/contracts/applications';
import { EVENT_TYPES } from '@shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import type { MyApplicationsData } from '@web/app/data/query-data';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';
import { useMe } from '@web/app/session';
import type { z } from 'zod';

/** The member's own applications (newest first) and whether they may apply now. */
export function useMyApplications() {
  const { me } = useMe();
  return useKeyedQuery({
    queryKey: queryKeys.applications.mine,
    queryFn: () => api.get<MyApplicationsData>('/api/applications/mine'),
    enabled: Boolean(me),
  });
}

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof ApplicationInput>) =>
      api.post<{ application: Application }>('/api/applications', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.applications.mine }),
  });
}

/** The admin's list: every pending application, then the latest reviewed ones. */
export function useApplicationsForReview() {
  return useKeyedQuery({
    queryKey: queryKeys.applications.review,
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.applications.root }),
  });
}

/** Mounted once for the app: sent to reviewers and to the applicant. */
export function useApplicationsEvents() {
  const queryClient = useQueryClient();
  useRealtimeEvent(EVENT_TYPES.applicationsChanged, () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.applications.root });
  });
}
