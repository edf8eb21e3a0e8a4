import { clsx } from 'clsx';

/** A live count against one of Discord's limits; red once over it. */
export function CharCounter({ value, max, label }: { value: number; max: number; label?: string }) {
  const over = value > max;
  return (
    <span
      data-testid={label ? `counter-${label}` : undefined}
      className={clsx('text-xs tabular-nums', over ? 'font-semibold text-red-300' : 'text-slate-400')}
    >
      {value}/{max}
      {over ? <span className="sr-only"> (over Discord's limit)</span> : null}
    </span>
  );
}
