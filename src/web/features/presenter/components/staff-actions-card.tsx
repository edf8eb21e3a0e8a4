import {
  STAFF_ACTION_NAMES,
  STAFF_ACTIONS,
  type StaffAction,
  type StaffActionQuery,
} from '@shared/contracts/audit';
import { LIMITS } from '@shared/limits';
import { errorMessage } from '@web/app/data/api-client';
import { formatMessageTime } from '@web/app/format-date';
import { Alert } from '@web/components/ui/alert';
import { Card } from '@web/components/ui/card';
import { Field, Input, Select } from '@web/components/ui/input';
import { LoadingState } from '@web/components/ui/spinner';
import { useId, useState } from 'react';
import { useStaffActions } from '../developer-api';
import { SectionHeader } from './section-header';

const label = (action: string) => STAFF_ACTIONS[action as keyof typeof STAFF_ACTIONS] ?? action;

/** A before or after state in one line: `key: value` pairs, or the value itself. */
function stateText(state: unknown): string {
  if (state === null || state === undefined) return '—';
  if (typeof state !== 'object') return String(state);
  return Object.entries(state as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
    .join(', ');
}

function Entry({ e }: { e: StaffAction }) {
  return (
    <li className="flex flex-col gap-1 px-3 py-2.5 text-sm" data-testid="staff-action">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-semibold text-white">{label(e.action)}</span>
        <span className="text-slate-300">by {e.actorName}</span>
        <time dateTime={e.createdAt} className="ml-auto text-slate-400 text-xs">
          {formatMessageTime(e.createdAt)}
        </time>
      </div>
      <p className="break-words text-slate-200">{e.summary}</p>
      {e.before !== null || e.after !== null ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 break-all font-mono text-slate-300 text-xs">
          <dt className="text-slate-400">Before</dt>
          <dd>{stateText(e.before)}</dd>
          <dt className="text-slate-400">After</dt>
          <dd>{stateText(e.after)}</dd>
        </dl>
      ) : null}
    </li>
  );
}

/** The audit trail: who did what to the station, when, with the state before and after. */
export function StaffActionsCard() {
  const id = useId();
  const [filters, setFilters] = useState<StaffActionQuery>({});
  const list = useStaffActions(filters);
  const set = (k: keyof StaffActionQuery) => (ev: { target: { value: string } }) =>
    setFilters((f) => ({ ...f, [k]: ev.target.value || undefined }));
  return (
    <div data-testid="staff-actions">
      <Card className="p-5">
        <SectionHeader
          level="h3"
          title="Staff Actions"
          description={`Who changed what, and when (kept one year; the latest ${LIMITS.staffActionListLimit} shown).`}
        />
        <fieldset className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-4">
          <legend className="sr-only">Filter staff actions</legend>
          <Field id={`${id}-actor`} label="Who">
            <Select id={`${id}-actor`} value={filters.actorId ?? ''} onChange={set('actorId')}>
              <option value="">Everyone</option>
              {list.data?.actors.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={`${id}-action`} label="Action">
            <Select id={`${id}-action`} value={filters.action ?? ''} onChange={set('action')}>
              <option value="">All actions</option>
              {STAFF_ACTION_NAMES.map((a) => (
                <option key={a} value={a}>
                  {STAFF_ACTIONS[a]}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={`${id}-from`} label="From">
            <Input id={`${id}-from`} type="date" value={filters.from ?? ''} onChange={set('from')} />
          </Field>
          <Field id={`${id}-to`} label="To">
            <Input id={`${id}-to`} type="date" value={filters.to ?? ''} onChange={set('to')} />
          </Field>
        </fieldset>
        {list.isPending ? (
          <LoadingState label="Loading staff actions..." />
        ) : list.isError ? (
          <Alert>{errorMessage(list.error)}</Alert>
        ) : list.data.actions.length === 0 ? (
          <p className="rounded-xl border border-slate-700 border-dashed p-6 text-center text-slate-400 text-sm">
            No staff actions match.
          </p>
        ) : (
          <ol
            aria-label="Staff actions"
            aria-busy={list.isPlaceholderData || undefined}
            className="divide-y divide-slate-800 rounded-xl border border-slate-700"
          >
            {list.data.actions.map((e) => (
              <Entry key={e.id} e={e} />
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}
