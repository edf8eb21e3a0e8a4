import { REQUEST_STATUSES, type RequestStatus } from '@shared/contracts/requests';
import { REQUEST_STATUS_LABELS } from '../request-rules';

/** The requests by status, four boxes in a row ('…' until the counts are known). */
export function RequestCounts({
  counts,
  boxClassName,
  valueClassName,
  testIdPrefix,
}: {
  counts: Partial<Record<RequestStatus, number>> | undefined;
  /** A box's background. */
  boxClassName: string;
  /** A number's classes, by status. */
  valueClassName: (status: RequestStatus) => string;
  testIdPrefix: string;
}) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Requests by status">
      {REQUEST_STATUSES.map((s) => (
        <div key={s} className={`rounded-xl border border-slate-700 ${boxClassName} p-3 text-center`}>
          <dt className="text-slate-400 text-xs uppercase tracking-wider">{REQUEST_STATUS_LABELS[s]}</dt>
          <dd className={valueClassName(s)} data-testid={`${testIdPrefix}${s}`}>
            {counts ? (counts[s] ?? 0) : '…'}
          </dd>
        </div>
      ))}
    </dl>
  );
}
