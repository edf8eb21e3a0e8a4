import type { RequestStatus, SongRequest } from '@shared/contracts/requests';
import { LIMITS } from '@shared/limits';
import { REQUESTS_TEXTS } from '@shared/texts/requests';
import { errorMessage } from '@web/app/data/api-client';
import { useNow } from '@web/app/hooks/use-now';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadingState } from '@web/components/ui/spinner';
import { useRequestList, useUpdateRequestStatus } from '@web/features/requests/api';
import { RequestCard } from '@web/features/requests/components/request-card';
import { RequestCounts } from '@web/features/requests/components/request-counts';
import { ListMusic } from 'lucide-react';
import { Link } from 'react-router';
import { SectionHeader } from './section-header';

/** Requests: the counts by status and the first 10 requests, with the same actions as the requests page. */
export function PresenterRequestsTab() {
  const list = useRequestList(null);
  const update = useUpdateRequestStatus();
  const now = useNow(60_000).getTime();
  const counts = list.data?.counts;
  const first = list.data?.requests.slice(0, LIMITS.presenterRequestsShown) ?? [];

  const onSetStatus = (request: SongRequest, status: RequestStatus) =>
    update.mutate(
      { id: request.id, status },
      {
        onError: (err) => toast.error(REQUESTS_TEXTS.statusUpdateFailed, { description: errorMessage(err) }),
      },
    );

  return (
    <div className="flex flex-col gap-5">
      <SectionHeader
        title="Requests"
        description="What listeners are asking for. Expand a request to approve, reject or mark it played."
        action={
          <Link to="/requests" className="font-semibold text-pink-300 text-sm hover:underline">
            Open the requests page
          </Link>
        }
      />
      <RequestCounts
        counts={counts}
        boxClassName="bg-slate-900/70"
        valueClassName={() => 'font-extrabold text-2xl text-white tabular-nums'}
        testIdPrefix="presenter-count-"
      />
      {list.isPending ? (
        <LoadingState label="Loading requests..." />
      ) : list.isError ? (
        <Alert>{errorMessage(list.error)}</Alert>
      ) : first.length === 0 ? (
        <EmptyState icon={<ListMusic aria-hidden className="size-7" />} title="No requests yet" />
      ) : (
        <ul aria-label="Latest requests" className="flex flex-col gap-2">
          {first.map((r) => (
            <RequestCard
              key={r.id}
              request={r}
              now={now}
              canManage
              pendingStatus={
                update.isPending && update.variables?.id === r.id ? update.variables.status : null
              }
              onSetStatus={onSetStatus}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
