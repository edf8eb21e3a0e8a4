import type { Application } from '@shared/contracts/applications';
import { errorMessage } from '@web/app/data/api-client';
import { toast } from '@web/app/toast/toast';
import { HeadingBlock } from '@web/components/heading-block';
import { Alert } from '@web/components/ui/alert';
import { LoadingState } from '@web/components/ui/spinner';
import { Inbox } from 'lucide-react';
import { useApplicationsForReview, useReviewApplication } from '../api';
import { ApplicationReviewCard, type Decision } from './application-review-card';

/** Admin Panel › Applications: pending presenter applications with Approve / Reject, then reviewed ones; live. */
export function ApplicationsReview() {
  const list = useApplicationsForReview();
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

  const card = (a: Application) => (
    <ApplicationReviewCard
      key={a.id}
      application={a}
      disabled={review.isPending}
      busy={(d) => review.isPending && review.variables?.id === a.id && review.variables.decision === d}
      onDecide={decide}
    />
  );
  const pending = list.data?.filter((a) => a.status === 'pending') ?? [];
  const reviewed = list.data?.filter((a) => a.status !== 'pending') ?? [];

  return (
    <section
      aria-labelledby="applications-heading"
      className="flex flex-col gap-5"
      data-testid="applications-review"
    >
      <HeadingBlock id="applications-heading" title="Presenter Applications">
        {list.data
          ? `${pending.length} pending application${pending.length === 1 ? '' : 's'}`
          : 'Applications waiting for a decision.'}
      </HeadingBlock>
      {list.isPending ? (
        <LoadingState label="Loading applications..." />
      ) : list.isError ? (
        <Alert>{errorMessage(list.error)}</Alert>
      ) : (
        <>
          {pending.length === 0 ? (
            <p className="flex flex-col items-center gap-2 rounded-xl border border-slate-700 border-dashed p-8 text-center text-slate-300">
              <Inbox aria-hidden className="size-6 text-slate-400" />
              No pending applications.
            </p>
          ) : (
            <ul className="flex flex-col gap-4">{pending.map(card)}</ul>
          )}
          {reviewed.length > 0 ? (
            <section aria-labelledby="reviewed-applications-heading" className="flex flex-col gap-3">
              <h3 id="reviewed-applications-heading" className="font-semibold text-lg text-white">
                Reviewed
              </h3>
              <ul className="flex flex-col gap-4">{reviewed.map(card)}</ul>
            </section>
          ) : null}
        </>
      )}
    </section>
  );
}
