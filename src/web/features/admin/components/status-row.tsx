import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export type Health = 'ok' | 'warn' | 'down';

const DOT: Record<Health, string> = {
  ok: 'bg-emerald-400 shadow-emerald-400/50',
  warn: 'bg-amber-400 shadow-amber-400/50',
  down: 'bg-red-400 shadow-red-400/50',
};
const WORD: Record<Health, string> = { ok: 'OK', warn: 'Attention', down: 'Down' };

/** One line of the System status card. */
export function Row({
  icon,
  label,
  health,
  value,
  detail,
  testId,
  since,
}: {
  icon: ReactNode;
  label: string;
  health: Health;
  value: ReactNode;
  detail?: ReactNode;
  testId: string;
  /** When this state began (ISO), for the engine line. */
  since?: string | null;
}) {
  return (
    <li
      className="flex items-start gap-3 px-4 py-3"
      data-testid={testId}
      data-health={health}
      data-since={since ?? undefined}
    >
      <span className="mt-0.5 text-slate-400">{icon}</span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <span className="font-medium text-slate-300 text-sm">{label}</span>
          <span className="flex items-center gap-2 font-semibold text-sm text-white">
            <span aria-hidden className={clsx('size-2.5 rounded-full shadow', DOT[health])} />
            <span className="sr-only">{WORD[health]}: </span>
            {value}
          </span>
        </p>
        {detail ? <div className="mt-1 text-slate-400 text-xs">{detail}</div> : null}
      </div>
    </li>
  );
}
