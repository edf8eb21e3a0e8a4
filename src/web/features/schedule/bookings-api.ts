import type { MySlotInput, ScheduleBoard, ScheduleSlot, SlotInput } from '@shared/contracts/schedule';
import type { PersonRef } from '@shared/contracts/staff';
import { EVENT_TYPES } from '@shared/events';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';
import type { ScheduleData } from './api';

/** Staff-side schedule state (pending slots included): private keys, apart from the public 'schedule'. */
export const bookingsQueryKey = ['bookings'] as const;
const boardKey = [...bookingsQueryKey, 'board'] as const;
const allKey = [...bookingsQueryKey, 'all'] as const;

/** Mounted by the timetable and the staff panel's schedule tabs: any slot change refreshes them. */
export function useBookingEvents() {
  const queryClient = useQueryClient();
  useRealtimeEvent(EVENT_TYPES.scheduleChanged, () => {
    void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
  });
}

/** Slots holding a cell (anyone's), the caller's own, and their count against the weekly minimum. */
export function useScheduleBoard() {
  useBookingEvents();
  return useQuery({ queryKey: boardKey, queryFn: () => api.get<ScheduleBoard>('/api/schedule/board') });
}

/** Every slot, pending and rejected included (schedule managers). */
export function useAllSlots() {
  useBookingEvents();
  return useQuery({ queryKey: allKey, queryFn: () => api.get<ScheduleData>('/api/schedule/slots') });
}

/** Presenters and admins to give a show to (schedule managers only). */
export function usePresenterChoices() {
  return useQuery({
    queryKey: [...bookingsQueryKey, 'presenters'] as const,
    queryFn: () => api.get<{ people: PersonRef[] }>('/api/schedule/presenters'),
    select: (d) => d.people,
    staleTime: 5 * 60_000,
  });
}

type SlotOut = { slot: ScheduleSlot };

/** Saves a slot: managers through the admin routes (approved at once), presenters their own (pending). */
export function useSaveSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: string; asManager: boolean; input: SlotInput | MySlotInput }) => {
      const base = v.asManager ? '/api/schedule/slots' : '/api/schedule/my-slots';
      return v.id
        ? api.patch<SlotOut>(`${base}/${encodeURIComponent(v.id)}`, v.input)
        : api.post<SlotOut>(base, v.input);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}

export function useDeleteSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; asManager: boolean }) =>
      api.delete(
        `${v.asManager ? '/api/schedule/slots' : '/api/schedule/my-slots'}/${encodeURIComponent(v.id)}`,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}

export function useDecideSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; decision: 'approve' | 'reject' }) =>
      api.post<SlotOut>(`/api/schedule/slots/${encodeURIComponent(v.id)}/decision`, { decision: v.decision }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}
