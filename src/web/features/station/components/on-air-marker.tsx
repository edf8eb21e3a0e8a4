import { clsx } from 'clsx';
import { useNowPlaying } from '../now-playing';
import { ON_AIR_LABEL, type OnAirState, onAirState } from '../on-air-state';
import { ListenerTotal } from './listener-total';

const TONE: Record<OnAirState, { pill: string; dot: string; count: string }> = {
  live: {
    pill: 'bg-rose-500/15 text-rose-400',
    dot: 'bg-rose-500 motion-safe:animate-pulse',
    count: 'text-rose-300',
  },
  autodj: { pill: 'bg-violet-500/15 text-violet-200', dot: 'bg-violet-300', count: 'text-violet-200' },
  'off-air': { pill: 'bg-slate-700/60 text-slate-300', dot: 'bg-slate-400', count: 'text-slate-300' },
};

/**
 * The header's on-air marker: a pulsing red LIVE only while a presenter is live, AutoDJ while the
 * automatic playlist plays, OFF AIR otherwise; with the listener total while something is on air.
 */
export function OnAirMarker({
  className,
  withListeners = true,
}: {
  className?: string;
  withListeners?: boolean;
}) {
  const { data } = useNowPlaying();
  const state = onAirState(data);
  if (!state) return null;
  const tone = TONE[state];
  return (
    <span
      data-testid="on-air-marker"
      data-state={state}
      className={clsx(
        'flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 font-bold text-[11px] tracking-wider',
        tone.pill,
        className,
      )}
    >
      <span aria-hidden className={clsx('size-1.5 rounded-full', tone.dot)} />
      {ON_AIR_LABEL[state]}
      {state === 'off-air' || !withListeners ? null : <ListenerTotal className={tone.count} />}
    </span>
  );
}
