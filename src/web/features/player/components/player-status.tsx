import { PLAYER_TEXTS } from '@shared/texts/station';
import { clsx } from 'clsx';
import { AlertCircle, WifiOff } from 'lucide-react';
import { usePlayer } from '../player-context';

export const RECONNECTING_TEXT = 'Reconnecting…';
export const CONNECTING_TEXT = 'Connecting…';

/**
 * One line about the stream: not configured, failed, reconnecting or connecting; nothing while all is
 * well. Announced to screen readers.
 */
export function PlayerStatus({ configured, className }: { configured: boolean | null; className?: string }) {
  const { state, error } = usePlayer();
  if (configured === false) {
    return (
      <p role="status" data-testid="player-status" className={clsx('text-amber-200 text-sm', className)}>
        {PLAYER_TEXTS.notConfigured}
      </p>
    );
  }
  if (state === 'error') {
    return (
      <p
        role="alert"
        data-testid="player-status"
        className={clsx('flex items-center gap-1.5 text-red-300 text-sm', className)}
      >
        <AlertCircle aria-hidden className="size-4 shrink-0" />
        {error ?? PLAYER_TEXTS.streamError}
      </p>
    );
  }
  const text = state === 'reconnecting' ? RECONNECTING_TEXT : state === 'loading' ? CONNECTING_TEXT : '';
  return (
    <p
      role="status"
      data-testid="player-status"
      className={clsx(
        'flex items-center gap-1.5 text-sm',
        state === 'reconnecting' ? 'text-amber-200' : 'text-slate-300',
        !text && 'sr-only',
        className,
      )}
    >
      {state === 'reconnecting' ? <WifiOff aria-hidden className="size-4 shrink-0" /> : null}
      {text || (state === 'playing' ? 'Playing' : 'Paused')}
    </p>
  );
}
