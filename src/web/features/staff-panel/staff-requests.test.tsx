import type { SongRequest } from '@shared/contracts/requests';
import { LIMITS } from '@shared/limits';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RequestListData } from '@web/app/data/query-data';
import { queryKeys } from '@web/app/data/query-keys';
import { RecentRequests } from '@web/features/requests/components/recent-requests';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { REQUEST_LIST_LIMIT } from '../requests/api';

const request = (i: number): SongRequest => ({
  id: `r${i}`,
  requestType: 'song_request',
  userId: null,
  songTitle: `Song number ${i}`,
  artist: 'Artist',
  message: null,
  requesterName: 'Ben',
  status: 'pending',
  createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, i)).toISOString(),
  requester: null,
});

function shownWith(limit: number | undefined) {
  const queryClient = new QueryClient();
  const requests = Array.from({ length: 60 }, (_, i) => request(i));
  const data = {
    requests: requests.slice(0, limit ?? REQUEST_LIST_LIMIT),
    total: 60,
    counts: {} as RequestListData['counts'],
  };
  queryClient.setQueryData(queryKeys.requests.list(null, limit ?? REQUEST_LIST_LIMIT), data);
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <RecentRequests canManage limit={limit} />
    </QueryClientProvider>,
  );
  return html.match(/Song number \d+/g) ?? [];
}

describe('the staff dashboard request list', () => {
  it('shows the latest 50 requests; the listeners’ page keeps 30', () => {
    expect(LIMITS.staffRequestsShown).toBe(50);
    expect(shownWith(LIMITS.staffRequestsShown)).toHaveLength(50);
    expect(shownWith(undefined)).toHaveLength(30);
  });
});
