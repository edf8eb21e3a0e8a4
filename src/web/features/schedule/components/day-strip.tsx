import { clsx } from 'clsx';
import type { KeyboardEvent } from 'react';
import type { StripDay } from '../schedule-time';

/** Seven days from today as a tab list (arrow keys move); today is marked. */
export function DayStrip({
  days,
  selected,
  onSelect,
  panelId,
}: {
  days: StripDay[];
  selected: string;
  onSelect: (key: string) => void;
  panelId: string;
}) {
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = days.findIndex((d) => d.key === selected);
    const next =
      e.key === 'ArrowRight'
        ? i + 1
        : e.key === 'ArrowLeft'
          ? i - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? days.length - 1
              : null;
    if (next === null || next < 0 || next >= days.length) return;
    e.preventDefault();
    onSelect(days[next].key);
    document.getElementById(`day-${days[next].key}`)?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label="Day"
      onKeyDown={onKeyDown}
      className="grid grid-cols-7 gap-1.5 sm:gap-3"
      data-testid="day-strip"
    >
      {days.map((d) => {
        const active = d.key === selected;
        return (
          <button
            key={d.key}
            id={`day-${d.key}`}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={panelId}
            aria-label={`${d.longLabel}${d.isToday ? ', today' : ''}`}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(d.key)}
            data-today={d.isToday || undefined}
            className={clsx(
              'relative flex min-w-0 flex-col items-center gap-0.5 rounded-xl border px-1 py-2.5 transition sm:py-4',
              active
                ? 'border-pink-400/60 bg-gradient-to-b from-pink-500/25 to-violet-500/20 text-white shadow-lg shadow-pink-500/10'
                : 'border-slate-700 bg-slate-900/70 text-slate-300 hover:border-slate-500 hover:text-white',
            )}
          >
            <span className="font-semibold text-[11px] uppercase tracking-wider sm:text-xs">{d.dayName}</span>
            <span className="font-extrabold text-lg tabular-nums sm:text-2xl">{d.day}</span>
            <span className="hidden text-slate-400 text-xs sm:block">{d.dateLabel.split(' ')[1]}</span>
            {d.isToday ? (
              <span className="font-bold text-[10px] text-pink-300 uppercase tracking-wider">Today</span>
            ) : (
              <span aria-hidden className="text-[10px]">
                &nbsp;
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
