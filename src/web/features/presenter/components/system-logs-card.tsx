import { errorMessage } from '@web/app/data/api-client';
import { formatMessageTime } from '@web/app/format-date';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Card } from '@web/components/ui/card';
import { LoadingState } from '@web/components/ui/spinner';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useSystemLogs } from '../developer-api';
import { SectionHeader } from './section-header';

const FILTERS = [
  { value: null, label: 'All' },
  { value: 'error', label: 'Errors' },
  { value: 'warn', label: 'Warnings' },
] as const;

/** The latest 100 of the app's own warnings and errors, live. */
export function SystemLogsCard() {
  const [level, setLevel] = useState<'warn' | 'error' | null>(null);
  const logs = useSystemLogs(level);
  return (
    <Card className="p-5">
      <SectionHeader
        level="h3"
        title="System Logs"
        description="The latest 100 warnings and errors the app wrote."
        action={
          <fieldset className="flex gap-1 rounded-xl border border-slate-700 bg-slate-900/80 p-1">
            <legend className="sr-only">Log level</legend>
            {FILTERS.map((f) => (
              <button
                key={f.label}
                type="button"
                aria-pressed={level === f.value}
                onClick={() => setLevel(f.value)}
                className={clsx(
                  'rounded-lg px-3 py-1 font-semibold text-xs transition',
                  level === f.value ? 'bg-slate-700 text-white' : 'text-slate-300 hover:bg-white/5',
                )}
              >
                {f.label}
              </button>
            ))}
          </fieldset>
        }
      />
      {logs.isPending ? (
        <LoadingState label="Loading logs..." />
      ) : logs.isError ? (
        <Alert>{errorMessage(logs.error)}</Alert>
      ) : logs.data.length === 0 ? (
        <p className="rounded-xl border border-slate-700 border-dashed p-6 text-center text-slate-400 text-sm">
          Nothing logged. All quiet.
        </p>
      ) : (
        <ol
          className="max-h-96 divide-y divide-slate-800 overflow-y-auto rounded-xl border border-slate-700"
          aria-label="System log entries"
        >
          {logs.data.map((l) => (
            <li key={l.id} className="flex flex-wrap items-start gap-x-3 gap-y-1 px-3 py-2 text-sm">
              <Badge tone={l.level === 'warn' ? 'amber' : 'red'}>{l.level}</Badge>
              <span className="font-mono text-slate-400 text-xs">{l.component}</span>
              <span className="min-w-0 flex-1 basis-60 break-words text-slate-200">{l.message}</span>
              <time dateTime={l.createdAt} className="text-slate-500 text-xs">
                {formatMessageTime(l.createdAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
