import type {
  CreateTicketInput,
  Ticket,
  TicketMessage,
  TicketStatus,
  TicketThread,
} from '@shared/contracts/support';
import { EVENT_TYPES } from '@shared/events';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import type { TicketList } from '@web/app/data/query-data';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';

export type StatusFilter = TicketStatus | 'all';

const byUpdate = (a: Ticket, b: Ticket) => b.updatedAt.localeCompare(a.updatedAt);

function upsertTicket(list: Ticket[], t: Ticket, keep = true) {
  const rest = list.filter((x) => x.id !== t.id);
  return (keep ? [...rest, t] : rest).sort(byUpdate);
}

function addMessage(d: TicketThread | undefined, m: TicketMessage) {
  if (!d || d.messages.some((x) => x.id === m.id)) return d;
  return { ...d, messages: [...d.messages, m] };
}

function applyTicket(qc: QueryClient, t: Ticket) {
  qc.setQueryData<TicketList>(queryKeys.support.mine, (d) =>
    d?.tickets.some((x) => x.id === t.id) ? { tickets: upsertTicket(d.tickets, t) } : d,
  );
  for (const [key, data] of qc.getQueriesData<TicketList>({ queryKey: queryKeys.support.allRoot })) {
    if (!data) continue;
    const filter = key[2] as StatusFilter;
    qc.setQueryData<TicketList>(key, {
      tickets: upsertTicket(data.tickets, t, filter === 'all' || filter === t.status),
    });
  }
  for (const key of [queryKeys.support.thread(t.id), queryKeys.support.staffThread(t.id)]) {
    qc.setQueryData<TicketThread>(key, (d) => (d ? { ...d, ticket: t } : d));
  }
}

function applyMessage(qc: QueryClient, m: TicketMessage) {
  qc.setQueryData<TicketThread>(queryKeys.support.thread(m.ticketId), (d) => addMessage(d, m));
  qc.setQueryData<TicketThread>(queryKeys.support.staffThread(m.ticketId), (d) => addMessage(d, m));
}

const isTicket = (v: unknown): v is Ticket => typeof v === 'object' && v !== null && 'ticketNumber' in v;
const isMessage = (v: unknown): v is TicketMessage =>
  typeof v === 'object' && v !== null && 'ticketId' in v && 'isStaffReply' in v;

/** Tickets and replies arrive live, only to the ticket's author and support staff (server-side topics). */
export function useSupportEvents() {
  const qc = useQueryClient();
  useRealtimeEvent(EVENT_TYPES.supportMessage, (data) => {
    if (isMessage(data)) applyMessage(qc, data);
  });
  useRealtimeEvent(EVENT_TYPES.supportTicketChanged, (data) => {
    if (!isTicket(data)) return;
    applyTicket(qc, data);
    if (!qc.getQueryData<TicketList>(queryKeys.support.mine)?.tickets.some((x) => x.id === data.id)) {
      void qc.invalidateQueries({ queryKey: queryKeys.support.mine });
    }
  });
}

export function useMyTickets() {
  return useKeyedQuery({
    queryKey: queryKeys.support.mine,
    queryFn: () => api.get<TicketList>('/api/support/tickets'),
    select: (d) => d.tickets,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useMyTicket(id: string | null) {
  return useKeyedQuery({
    queryKey: queryKeys.support.thread(id ?? ''),
    queryFn: () => api.get<TicketThread>(`/api/support/tickets/${encodeURIComponent(id ?? '')}`),
    enabled: Boolean(id),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCreateTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTicketInput) => api.post<TicketThread>('/api/support/tickets', input),
    onSuccess: (thread) => {
      qc.setQueryData(queryKeys.support.thread(thread.ticket.id), thread);
      qc.setQueryData<TicketList>(queryKeys.support.mine, (d) =>
        d ? { tickets: upsertTicket(d.tickets, thread.ticket) } : d,
      );
    },
  });
}

export function useReplyToTicket(id: string, staff = false) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      api.post<{ message: TicketMessage }>(
        `/api/${staff ? 'admin/' : ''}support/tickets/${encodeURIComponent(id)}/messages`,
        { content },
      ),
    onSuccess: ({ message }) => applyMessage(qc, message),
  });
}

export function useAllTickets(status: StatusFilter) {
  return useKeyedQuery({
    queryKey: queryKeys.support.all(status),
    queryFn: () =>
      api.get<TicketList>(`/api/admin/support/tickets${status === 'all' ? '' : `?status=${status}`}`),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useStaffTicket(id: string | null) {
  return useKeyedQuery({
    queryKey: queryKeys.support.staffThread(id ?? ''),
    queryFn: () => api.get<TicketThread>(`/api/admin/support/tickets/${encodeURIComponent(id ?? '')}`),
    enabled: Boolean(id),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSetTicketStatus(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (status: TicketStatus) =>
      api.patch<{ ticket: Ticket }>(`/api/admin/support/tickets/${encodeURIComponent(id)}`, { status }),
    onSuccess: ({ ticket }) => applyTicket(qc, ticket),
  });
}
