import type { Report } from '@shared/contracts/safety';
import { SAFETY_TEXTS } from '@shared/texts/safety';
import { errorMessage } from '@web/app/data/api-client';
import { formatMessageTime } from '@web/app/format-date';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadingState } from '@web/components/ui/spinner';
import { Check, Flag, X } from 'lucide-react';
import { useDecideReport, useReports } from '../api';

const KIND_LABELS: Record<Report['kind'], string> = {
  chat: 'Chat message',
  message: 'Direct message',
  member: 'Member',
};

/** Moderators and admins: open reports, oldest first, each resolved (action taken) or dismissed. */
export function ReportsQueue() {
  const reports = useReports('open');
  const decide = useDecideReport();
  const act = (r: Report, status: 'resolved' | 'dismissed') =>
    decide.mutate(
      { id: r.id, status },
      {
        onSuccess: () => toast.success(status === 'resolved' ? 'Report resolved.' : 'Report dismissed.'),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  return (
    <section aria-labelledby="reports-heading">
      <h3 id="reports-heading" className="mb-3 flex items-center gap-2 font-bold text-lg text-white">
        {SAFETY_TEXTS.queueTitle}
        {reports.data && reports.data.openCount > 0 ? (
          <Badge tone="red">{reports.data.openCount} open</Badge>
        ) : null}
      </h3>
      {reports.isPending ? (
        <LoadingState label="Loading reports..." />
      ) : reports.isError ? (
        <Alert>{errorMessage(reports.error)}</Alert>
      ) : reports.data.reports.length === 0 ? (
        <EmptyState icon={<Flag aria-hidden className="size-7" />} title={SAFETY_TEXTS.queueEmpty} />
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Open reports">
          {reports.data.reports.map((r) => (
            <li
              key={r.id}
              data-testid="report"
              className="flex flex-col gap-2 rounded-xl border border-slate-700/80 bg-slate-900/70 px-4 py-3"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <Badge tone="amber">{KIND_LABELS[r.kind]}</Badge>
                  <span className="text-white">{r.reported?.name ?? 'Unknown member'}</span>
                  <span className="text-slate-400">reported by {r.reporter?.name ?? 'a former member'}</span>
                </p>
                <time dateTime={r.createdAt} className="text-slate-400 text-xs">
                  {formatMessageTime(r.createdAt)}
                </time>
              </div>
              {r.excerpt ? (
                <blockquote className="break-words rounded-lg border border-slate-700 bg-slate-800/60 px-3 py-2 text-slate-200 text-sm">
                  “{r.excerpt}”
                </blockquote>
              ) : null}
              <p className="break-words text-slate-300 text-sm">
                <span className="font-semibold text-slate-200">Reason: </span>
                {r.reason}
              </p>
              <div className="flex flex-wrap justify-end gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  icon={<X aria-hidden className="size-4" />}
                  busy={
                    decide.isPending &&
                    decide.variables?.id === r.id &&
                    decide.variables.status === 'dismissed'
                  }
                  onClick={() => act(r, 'dismissed')}
                  aria-label={`Dismiss the report on ${r.reported?.name ?? 'this member'}`}
                >
                  Dismiss
                </Button>
                <Button
                  size="sm"
                  icon={<Check aria-hidden className="size-4" />}
                  busy={
                    decide.isPending &&
                    decide.variables?.id === r.id &&
                    decide.variables.status === 'resolved'
                  }
                  onClick={() => act(r, 'resolved')}
                  aria-label={`Resolve the report on ${r.reported?.name ?? 'this member'}`}
                >
                  Resolve
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
