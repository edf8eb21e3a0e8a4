import { Spinner } from '@web/components/ui/spinner';
import { clsx } from 'clsx';
import { Pause, Play } from 'lucide-react';
import { usePlayer } from '../player-context';

const sizes = {
  sm: { button: 'size-10', icon: 'size-5', spinner: 'sm' },
  md: { button: 'size-12', icon: 'size-6', spinner: 'md' },
  lg: { button: 'size-16', icon: 'size-7', spinner: 'md' },
} as const;

/** Play/pause for the one player: named 'Play' or 'Pause' after what a press does. */
export function PlayButton({ size = 'md', className }: { size?: keyof typeof sizes; className?: string }) {
  const { state, available, toggle } = usePlayer();
  const busy = state === 'loading' || state === 'reconnecting';
  const active = busy || state === 'playing';
  const s = sizes[size];
  return (
    <button
      type="button"
      onClick={toggle}
      disabled={!available && !active}
      aria-label={active ? 'Pause' : 'Play'}
      data-testid="play-button"
      className={clsx(
        'relative flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-pink-500 to-violet-500 text-white shadow-lg shadow-pink-500/30 transition',
        'hover:scale-105 hover:brightness-110 active:scale-95 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:scale-100',
        s.button,
        className,
      )}
    >
      {busy ? (
        <Spinner size={s.spinner} />
      ) : active ? (
        <Pause aria-hidden className={clsx(s.icon, 'fill-current')} />
      ) : (
        <Play aria-hidden className={clsx(s.icon, 'translate-x-0.5 fill-current')} />
      )}
    </button>
  );
}
