import { REQUEST_STATUSES, type RequestStatus, type SongRequest } from '@shared/contracts/requests';
import { REQUESTS_TEXTS } from '@shared/texts/requests';
import { errorMessage } from '@web/app/data/api-client';
import { useNow } from '@web/app/hooks/use-now';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadingState } from '@web/components/ui/spinner';
import { clsx } from 'clsx';
import { ListMusic } from 'lucide-react';
import { useState } from 'react';
import { REQUEST_LIST_LIMIT, useRequestList, useUpdateRequestStatus } from '../api';
import { REQUEST_STATUS_LABELS } from '../request-rules';
import { RequestCard } from './request-card';

const FILTERS: { value: RequestStatus | null; label: string }[] = [
  { value: null, label: 'All' },
  ...REQUEST_STATUSES.map((s) => ({ value: s, label: REQUEST_STATUS_LABELS[s] })),
];

/**
 * 'Recent Requests': the newest of the chosen status (30 on the requests page, 50 on the staff dashboard),
 * live; managers change a request's status.
 */
export function RecentRequests({
  canManage,
  limit = REQUEST_LIST_LIMIT,
}: {
  canManage: boolean;
  limit?: number;
}) {
  const [filter, setFilter] = useState<RequestStatus | null>(null);
  const list = useRequestList(filter, limit);
  const update = useUpdateRequestStatus();
  const now = useNow(60_000).getTime();

  const onSetStatus = (request: SongRequest, status: RequestStatus) =>
    update.mutate(
      { id: request.id, status },
      {
        onError: (err) => {
          const detail = errorMessage(err, '');
          toast.error(
            REQUESTS_TEXTS.statusUpdateFailed,
            detail && detail !== REQUESTS_TEXTS.statusUpdateFailed ? { description: detail } : undefined,
          );
        },
      },
    );

  const requests = list.data?.requests.slice(0, limit) ?? [];

  return (
    <section aria-labelledby="recent-requests-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="recent-requests-heading" className="font-bold text-white text-xl">
          Recent Requests
        </h2>
        <fieldset className="grid w-full min-w-0 grid-cols-5 gap-1 rounded-xl border border-slate-700 bg-slate-900/80 p-1 sm:flex sm:w-auto">
          <legend className="sr-only">Filter by status</legend>
          {FILTERS.map((f) => (
            <button
              key={f.label}
              type="button"
              aria-pressed={filter === f.value}
              onClick={() => setFilter(f.value)}
              className={clsx(
                'rounded-lg px-1 py-1.5 font-semibold text-xs transition sm:px-3 sm:text-sm',
                filter === f.value
                  ? 'bg-slate-700 text-white shadow'
                  : 'text-slate-300 hover:bg-white/5 hover:text-white',
              )}
            >
              {f.label}
            </button>
          ))}
        </fieldset>
      </div>
      {list.isPending ? (
        <LoadingState label="Loading requests..." />
      ) : list.isError ? (
        <Alert>{errorMessage(list.error)}</Alert>
      ) : requests.length === 0 ? (
        <EmptyState
          icon={<ListMusic aria-hidden className="size-7" />}
          title={filter ? `No ${REQUEST_STATUS_LABELS[filter].toLowerCase()} requests` : 'No requests yet'}
          body={filter ? undefined : 'Be the first to ask for a song while a presenter is live.'}
        />
      ) : (
        <ul
          aria-label="Requests"
          aria-busy={list.isPlaceholderData || undefined}
          className={clsx(
            'flex max-h-[800px] flex-col gap-2 overflow-y-auto pr-1',
            list.isPlaceholderData && 'opacity-70',
          )}
        >
          {requests.map((r) => (
            <RequestCard
              key={r.id}
              request={r}
              now={now}
              canManage={canManage}
              pendingStatus={
                update.isPending && update.variables?.id === r.id ? update.variables.status : null
              }
              onSetStatus={onSetStatus}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
