import type { Application } from '@shared/contracts/applications';
import { clsx } from 'clsx';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { APPLICATION_STATUS_MESSAGES, formatApplicationDate } from '../application-rules';
import { ApplicationStatusBadge } from './application-status-badge';

const LATEST_STYLES = {
  pending: { icon: Clock, box: 'border-amber-500/40 bg-amber-500/10 text-amber-100' },
  approved: { icon: CheckCircle2, box: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-100' },
  rejected: { icon: XCircle, box: 'border-red-500/40 bg-red-500/10 text-red-100' },
} as const;

/** The latest application's status, in the exact words. */
export function LatestApplicationStatus({ application }: { application: Application }) {
  const { icon: Icon, box } = LATEST_STYLES[application.status];
  return (
    <div
      role="status"
      data-testid="application-latest-status"
      data-status={application.status}
      className={clsx('flex items-start gap-3 rounded-2xl border p-4', box)}
    >
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">
        <p className="font-semibold">Your latest application</p>
        <p className="mt-1">{APPLICATION_STATUS_MESSAGES[application.status]}</p>
      </div>
    </div>
  );
}

/** Every application the member sent, newest first, with its status and dates. */
export function ApplicationHistory({ applications }: { applications: Application[] }) {
  return (
    <section aria-labelledby="application-history-heading" className="flex flex-col gap-3">
      <h2 id="application-history-heading" className="font-bold text-lg text-white">
        Your Applications
      </h2>
      <ul className="flex flex-col gap-2">
        {applications.map((a) => (
          <li
            key={a.id}
            data-testid="application-history-item"
            data-status={a.status}
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-700/80 bg-slate-900/70 px-4 py-3"
          >
            <div className="min-w-0">
              <p className="line-clamp-2 break-words font-medium text-white">
                {a.showConcept.split('\n')[0]}
              </p>
              <p className="text-slate-400 text-xs">
                Sent {formatApplicationDate(a.createdAt)}
                {a.reviewedAt ? ` · reviewed ${formatApplicationDate(a.reviewedAt)}` : ''}
              </p>
            </div>
            <ApplicationStatusBadge status={a.status} />
          </li>
        ))}
      </ul>
    </section>
  );
}
