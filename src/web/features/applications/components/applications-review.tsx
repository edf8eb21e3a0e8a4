import type { Application } from '@shared/contracts/applications';
import { errorMessage } from '@web/app/api-client';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { LoadingState } from '@web/components/ui/spinner';
import { Check, Inbox, X } from 'lucide-react';
import { toast } from 'sonner';
import { usePendingApplications, useReviewApplication } from '../api';
import { formatApplicationDate } from '../application-rules';
import { ApplicationStatusBadge } from './application-status-badge';

const DETAILS: { key: 'showConcept' | 'experience' | 'availability' | 'additionalInfo'; label: string }[] = [
  { key: 'showConcept', label: 'Show Concept' },
  { key: 'experience', label: 'Experience' },
  { key: 'availability', label: 'Availability' },
  { key: 'additionalInfo', label: 'Additional Info' },
];

type Decision = 'approve' | 'reject';

/** Admin Panel › Applications: pending presenter applications with Approve / Reject; live. */
export function ApplicationsReview() {
  const pending = usePendingApplications();
  const review = useReviewApplication();

  const decide = (a: Application, decision: Decision) => {
    const question =
      decision === 'approve'
        ? `Approve ${a.fullName}'s application? They become a presenter and get a streaming account.`
        : `Reject ${a.fullName}'s application?`;
    if (!window.confirm(question)) return;
    review.mutate(
      { id: a.id, decision },
      {
        onSuccess: ({ notice }) => {
          toast.success(
            decision === 'approve'
              ? `${a.fullName}'s application was approved.`
              : `${a.fullName}'s application was rejected.`,
          );
          if (notice) toast.warning(notice, { duration: 10_000 });
        },
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  };

  const busy = (a: Application, d: Decision) =>
    review.isPending && review.variables?.id === a.id && review.variables.decision === d;

  return (
    <section
      aria-labelledby="applications-heading"
      className="flex flex-col gap-5"
      data-testid="applications-review"
    >
      <div>
        <h2 id="applications-heading" className="font-bold text-white text-xl">
          Presenter Applications
        </h2>
        <p className="text-slate-400 text-sm">
          {pending.data
            ? `${pending.data.length} pending application${pending.data.length === 1 ? '' : 's'}`
            : 'Applications waiting for a decision.'}
        </p>
      </div>
      {pending.isPending ? (
        <LoadingState label="Loading applications..." />
      ) : pending.isError ? (
        <Alert>{errorMessage(pending.error)}</Alert>
      ) : pending.data.length === 0 ? (
        <p className="flex flex-col items-center gap-2 rounded-xl border border-slate-700 border-dashed p-8 text-center text-slate-300">
          <Inbox aria-hidden className="size-6 text-slate-400" />
          No pending applications.
        </p>
      ) : (
        <ul className="flex flex-col gap-4">
          {pending.data.map((a) => (
            <li
              key={a.id}
              data-testid="application-review-card"
              className="rounded-2xl border border-slate-700/80 bg-slate-900/70 p-5"
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <h3 className="break-words font-semibold text-lg text-white">{a.fullName}</h3>
                  <p className="break-all text-slate-300 text-sm">{a.email}</p>
                  <p className="text-slate-400 text-xs">Applied {formatApplicationDate(a.createdAt)}</p>
                </div>
                <ApplicationStatusBadge status={a.status} />
              </div>
              <dl className="mt-4 grid gap-3 sm:grid-cols-2">
                {DETAILS.map(({ key, label }) => (
                  <div key={key} className="min-w-0 rounded-xl bg-slate-950/40 p-3">
                    <dt className="font-medium text-slate-400 text-xs uppercase tracking-wider">{label}</dt>
                    <dd className="mt-1 whitespace-pre-line break-words text-slate-100 text-sm">
                      {a[key] || '—'}
                    </dd>
                  </div>
                ))}
              </dl>
              {a.status === 'pending' ? (
                <div className="mt-4 flex flex-wrap gap-2">
                  <Button
                    icon={<Check aria-hidden className="size-4" />}
                    busy={busy(a, 'approve')}
                    disabled={review.isPending}
                    onClick={() => decide(a, 'approve')}
                    aria-label={`Approve ${a.fullName}`}
                  >
                    Approve
                  </Button>
                  <Button
                    variant="danger"
                    icon={<X aria-hidden className="size-4" />}
                    busy={busy(a, 'reject')}
                    disabled={review.isPending}
                    onClick={() => decide(a, 'reject')}
                    aria-label={`Reject ${a.fullName}`}
                  >
                    Reject
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
