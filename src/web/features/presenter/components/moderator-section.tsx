import { errorMessage } from '@web/app/data/api-client';
import { formatMessageTime } from '@web/app/format-date';
import { formatRoleName } from '@web/components/role-badge';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadingState } from '@web/components/ui/spinner';
import { ReportsQueue } from '@web/features/safety/components/reports-queue';
import { ShieldCheck, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useModeration } from '../api';
import { SectionHeader } from './section-header';
import { WarnDialog } from './warn-dialog';

const ACTION_LABELS: Record<string, string> = {
  warning: 'Warning',
  chat_message_deleted: 'Chat message deleted',
};

const COUNTS = [
  { key: 'bans', label: 'Bans', hint: 'Songs banned on air' },
  { key: 'warnings', label: 'Warnings', hint: 'Given to members' },
  { key: 'approvals', label: 'Approvals', hint: 'Requests approved' },
] as const;

/**
 * Moderator: counts of bans, warnings and approvals, the members' reports to handle, the latest 100
 * moderation actions, and warnings.
 */
export function ModeratorSection() {
  const overview = useModeration();
  const [warning, setWarning] = useState(false);
  return (
    <div className="flex flex-col gap-6">
      <SectionHeader
        title="Moderator"
        description="Keep the community friendly. Every action here is logged."
        action={
          <Button
            variant="danger"
            icon={<TriangleAlert aria-hidden className="size-4" />}
            onClick={() => setWarning(true)}
          >
            Warn a Member
          </Button>
        }
      />
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label="Moderation counts">
        {COUNTS.map((c) => (
          <div key={c.key} className="rounded-2xl border border-slate-700/80 bg-slate-900/70 p-4">
            <dt className="text-slate-400 text-xs uppercase tracking-wider">{c.label}</dt>
            <dd
              className="font-extrabold text-3xl text-white tabular-nums"
              data-testid={`moderation-${c.key}`}
            >
              {overview.data ? overview.data.counts[c.key] : '…'}
            </dd>
            <dd className="text-slate-500 text-xs">{c.hint}</dd>
          </div>
        ))}
      </dl>
      <ReportsQueue />
      <section aria-labelledby="moderation-log-heading">
        <h3 id="moderation-log-heading" className="mb-3 font-bold text-lg text-white">
          Recent moderation actions
        </h3>
        {overview.isPending ? (
          <LoadingState label="Loading moderation log..." />
        ) : overview.isError ? (
          <Alert>{errorMessage(overview.error)}</Alert>
        ) : overview.data.actions.length === 0 ? (
          <EmptyState icon={<ShieldCheck aria-hidden className="size-7" />} title="Nothing to report" />
        ) : (
          <ul className="flex flex-col gap-2" aria-label="Moderation actions">
            {overview.data.actions.map((a) => (
              <li
                key={a.id}
                className="flex flex-wrap items-start justify-between gap-2 rounded-xl border border-slate-700/80 bg-slate-900/70 px-4 py-3"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 text-sm">
                    <Badge tone={a.actionType === 'warning' ? 'amber' : 'red'}>
                      {ACTION_LABELS[a.actionType] ?? formatRoleName(a.actionType)}
                    </Badge>
                    <span className="text-white">{a.target?.name ?? 'Unknown member'}</span>
                    <span className="text-slate-400">by {a.moderator?.name ?? 'a moderator'}</span>
                  </p>
                  {a.reason || a.details ? (
                    <p className="mt-1 break-words text-slate-300 text-sm">{a.reason ?? `“${a.details}”`}</p>
                  ) : null}
                </div>
                <time dateTime={a.createdAt} className="text-slate-400 text-xs">
                  {formatMessageTime(a.createdAt)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
      <WarnDialog open={warning} onClose={() => setWarning(false)} />
    </div>
  );
}
