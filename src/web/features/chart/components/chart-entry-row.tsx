import type { ChartEntry } from '@shared/contracts/library';
import { Medal, medalColour } from '@web/components/ui/medal';
import { SongArt } from '@web/features/library/components/song-art';
import { clsx } from 'clsx';
import { ArrowDown, ArrowUp, Minus } from 'lucide-react';
import { chartMovement } from '../chart-format';

/** Distinct colours for the top three positions: gold, silver, bronze. */
const TOP_STYLES = [
  'border-amber-400/50 bg-gradient-to-r from-amber-400/15 to-slate-900/80',
  'border-slate-300/40 bg-gradient-to-r from-slate-300/10 to-slate-900/80',
  'border-orange-500/40 bg-gradient-to-r from-orange-600/15 to-slate-900/80',
];

function Movement({ entry }: { entry: ChartEntry }) {
  const m = chartMovement(entry);
  if (m.kind === 'new') {
    return (
      <span
        title={m.label}
        className="rounded-md bg-gradient-to-r from-pink-500 to-violet-500 px-2 py-0.5 font-extrabold text-[11px] text-white tracking-wider"
      >
        NEW
      </span>
    );
  }
  if (m.kind === 'same') {
    return (
      <span title={m.label} className="flex items-center text-slate-400">
        <Minus aria-hidden className="size-5" />
        <span className="sr-only">{m.label}</span>
      </span>
    );
  }
  const up = m.kind === 'up';
  const Icon = up ? ArrowUp : ArrowDown;
  return (
    <span
      title={m.label}
      className={clsx(
        'flex items-center gap-0.5 font-bold text-sm tabular-nums',
        up ? 'text-emerald-400' : 'text-red-400',
      )}
    >
      <Icon aria-hidden className="size-4" />
      <span aria-hidden>{m.by}</span>
      <span className="sr-only">{m.label}</span>
    </span>
  );
}

/** One chart entry: position (medal for the top three), art, song, Playcount, Weeks in chart, movement. */
export function ChartEntryRow({ entry }: { entry: ChartEntry }) {
  const top = entry.chartPosition <= 3 ? entry.chartPosition - 1 : -1;
  return (
    <li
      data-testid="chart-entry"
      className={clsx(
        'flex items-center gap-3 rounded-2xl border p-3 sm:gap-4 sm:p-4',
        top >= 0 ? TOP_STYLES[top] : 'border-slate-700/80 bg-slate-900/70',
      )}
    >
      <div className="flex w-9 shrink-0 flex-col items-center sm:w-12">
        <span
          className={clsx(
            'font-extrabold text-xl tabular-nums sm:text-2xl',
            medalColour(entry.chartPosition) ?? 'text-slate-300',
          )}
        >
          {entry.chartPosition}
        </span>
        <Medal position={entry.chartPosition} />
      </div>
      <SongArt src={entry.albumArt} className="size-14 rounded-lg sm:size-16" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-white sm:text-lg">{entry.songTitle}</p>
        <p className="truncate text-slate-400 text-sm">{entry.artist}</p>
        <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs">
          <div className="flex gap-1">
            <dt className="text-slate-400">Playcount</dt>
            <dd className="font-semibold text-slate-100 tabular-nums">{entry.playCount}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-slate-400">Weeks in chart</dt>
            <dd className="font-semibold text-slate-100 tabular-nums">{entry.weeksInChart}</dd>
          </div>
        </dl>
      </div>
      <div className="flex w-12 shrink-0 justify-end" data-testid="chart-movement">
        <Movement entry={entry} />
      </div>
    </li>
  );
}
