import type { Application } from '@shared/contracts/applications';
import { Button } from '@web/components/ui/button';
import { Check, X } from 'lucide-react';
import { formatApplicationDate } from '../application-rules';
import { ApplicationStatusBadge } from './application-status-badge';

const DETAILS: { key: 'showConcept' | 'experience' | 'availability' | 'additionalInfo'; label: string }[] = [
  { key: 'showConcept', label: 'Show Concept' },
  { key: 'experience', label: 'Experience' },
  { key: 'availability', label: 'Availability' },
  { key: 'additionalInfo', label: 'Additional Info' },
];

export type Decision = 'approve' | 'reject';

/** One application with its answers; Approve and Reject only while it is pending. */
export function ApplicationReviewCard({
  application: a,
  busy,
  disabled,
  onDecide,
}: {
  application: Application;
  busy: (d: Decision) => boolean;
  disabled: boolean;
  onDecide: (a: Application, d: Decision) => void;
}) {
  return (
    <li
      data-testid="application-review-card"
      className="rounded-2xl border border-slate-700/80 bg-slate-900/70 p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="break-words font-semibold text-lg text-white">{a.fullName}</h3>
          <p className="break-all text-slate-300 text-sm">{a.email}</p>
          <p className="text-slate-400 text-xs">
            Applied {formatApplicationDate(a.createdAt)}
            {a.reviewedAt ? ` · reviewed ${formatApplicationDate(a.reviewedAt)}` : ''}
          </p>
        </div>
        <ApplicationStatusBadge status={a.status} />
      </div>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        {DETAILS.map(({ key, label }) => (
          <div key={key} className="min-w-0 rounded-xl bg-slate-950/40 p-3">
            <dt className="font-medium text-slate-400 text-xs uppercase tracking-wider">{label}</dt>
            <dd className="mt-1 whitespace-pre-line break-words text-slate-100 text-sm">{a[key] || '—'}</dd>
          </div>
        ))}
      </dl>
      {a.status === 'pending' ? (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button
            icon={<Check aria-hidden className="size-4" />}
            busy={busy('approve')}
            disabled={disabled}
            onClick={() => onDecide(a, 'approve')}
            aria-label={`Approve ${a.fullName}`}
          >
            Approve
          </Button>
          <Button
            variant="danger"
            icon={<X aria-hidden className="size-4" />}
            busy={busy('reject')}
            disabled={disabled}
            onClick={() => onDecide(a, 'reject')}
            aria-label={`Reject ${a.fullName}`}
          >
            Reject
          </Button>
        </div>
      ) : null}
    </li>
  );
}
