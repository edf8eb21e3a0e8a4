import type { RequestStatus, RequestType, SongRequest } from '@shared/contracts/requests';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { relativeTime } from '@web/features/notifications/relative-time';
import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { type ComponentProps, useId, useState } from 'react';
import {
  REQUEST_STATUS_LABELS,
  REQUEST_TYPE_LABELS,
  requestActions,
  requestHeadline,
} from '../request-rules';

type Tone = ComponentProps<typeof Badge>['tone'];
const STATUS_TONES: Record<RequestStatus, Tone> = {
  pending: 'amber',
  approved: 'green',
  rejected: 'red',
  played: 'blue',
};
const TYPE_TONES: Record<RequestType, Tone> = {
  song_request: 'accent',
  shoutout: 'violet',
  joke: 'amber',
  competition: 'green',
  other: 'neutral',
};

/** One request: kind, song or message, who sent it and when, its status; managers expand it for actions. */
export function RequestCard({
  request,
  now,
  canManage,
  pendingStatus,
  onSetStatus,
}: {
  request: SongRequest;
  now: number;
  canManage: boolean;
  /** The status this card is being moved to, while that call runs. */
  pendingStatus: RequestStatus | null;
  onSetStatus: (request: SongRequest, status: RequestStatus) => void;
}) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const { title, subtitle, note } = requestHeadline(request);
  const name = request.requesterName || request.requester?.fullName || 'Anonymous';

  const body = (
    <span className="flex min-w-0 flex-1 flex-col gap-1.5">
      <span className="flex flex-wrap items-center gap-2">
        <Badge tone={TYPE_TONES[request.requestType]}>{REQUEST_TYPE_LABELS[request.requestType]}</Badge>
        <time dateTime={request.createdAt} className="text-slate-400 text-xs">
          {relativeTime(request.createdAt, now)}
        </time>
      </span>
      <span className="block break-words font-semibold text-white">{title}</span>
      {subtitle ? <span className="block break-words text-pink-100/90 text-sm">{subtitle}</span> : null}
      {note ? <span className="block break-words text-slate-300 text-sm italic">“{note}”</span> : null}
      <span className="block break-words text-slate-400 text-xs">
        by {name}
        {canManage && request.requester?.email ? ` · ${request.requester.email}` : ''}
      </span>
    </span>
  );
  const status = (
    <Badge tone={STATUS_TONES[request.status]} className="self-start">
      {REQUEST_STATUS_LABELS[request.status]}
    </Badge>
  );

  return (
    <li
      data-testid="request-card"
      data-status={request.status}
      className="rounded-xl border border-slate-700/80 bg-slate-900/70 transition hover:border-slate-600"
    >
      {canManage ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={`${id}-actions`}
          onClick={() => setExpanded((v) => !v)}
          className="flex w-full items-start gap-3 p-4 text-left"
        >
          {body}
          <span className="flex shrink-0 flex-col items-end gap-2">
            {status}
            <ChevronDown
              aria-hidden
              className={clsx('size-4 text-slate-400 transition', expanded && 'rotate-180')}
            />
          </span>
        </button>
      ) : (
        <div className="flex items-start gap-3 p-4">
          {body}
          {status}
        </div>
      )}
      {canManage && expanded ? (
        <fieldset
          id={`${id}-actions`}
          className="flex min-w-0 flex-wrap gap-2 border-slate-700/80 border-t px-4 py-3"
        >
          <legend className="sr-only">Request actions</legend>
          {requestActions(request.status).map((action) => (
            <Button
              key={action.to}
              size="sm"
              variant={
                action.to === 'rejected' ? 'danger' : action.to === 'pending' ? 'secondary' : 'primary'
              }
              busy={pendingStatus === action.to}
              disabled={pendingStatus !== null}
              onClick={() => onSetStatus(request, action.to)}
            >
              {action.label}
            </Button>
          ))}
        </fieldset>
      ) : null}
    </li>
  );
}
