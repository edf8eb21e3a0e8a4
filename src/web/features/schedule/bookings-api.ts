import type { MySlotInput, ScheduleBoard, ScheduleSlot, SlotInput } from '@shared/contracts/schedule';
import type { PersonRef } from '@shared/contracts/staff';
import { EVENT_TYPES } from '@shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import type { ScheduleData } from '@web/app/data/query-data';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';

/** Staff-side schedule state (pending slots included): private keys, apart from the public 'schedule'. */

/** Mounted by the timetable and the staff panel's schedule tabs: any slot change refreshes them. */
export function useBookingEvents() {
  const queryClient = useQueryClient();
  useRealtimeEvent(EVENT_TYPES.scheduleChanged, () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.bookings.root });
  });
}

/** Slots holding a cell (anyone's), the caller's own, and their count against the weekly minimum. */
export function useScheduleBoard() {
  useBookingEvents();
  return useKeyedQuery({
    queryKey: queryKeys.bookings.board,
    queryFn: () => api.get<ScheduleBoard>('/api/schedule/board'),
  });
}

/** Every slot, pending and rejected included (schedule managers). */
export function useAllSlots() {
  useBookingEvents();
  return useKeyedQuery({
    queryKey: queryKeys.bookings.all,
    queryFn: () => api.get<ScheduleData>('/api/schedule/slots'),
  });
}

/** Presenters and admins to give a show to (schedule managers only). */
export function usePresenterChoices() {
  return useKeyedQuery({
    queryKey: queryKeys.bookings.presenters,
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.bookings.root }),
  });
}

export function useDeleteSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; asManager: boolean }) =>
      api.delete(
        `${v.asManager ? '/api/schedule/slots' : '/api/schedule/my-slots'}/${encodeURIComponent(v.id)}`,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.bookings.root }),
  });
}

export function useDecideSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; decision: 'approve' | 'reject' }) =>
      api.post<SlotOut>(`/api/schedule/slots/${encodeURIComponent(v.id)}/decision`, { decision: v.decision }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.bookings.root }),
  });
}
