import type { ReactNode } from 'react';
import { usePagePlayerRef } from '../page-player-presence';
import { usePlayer } from '../player-context';

/**
 * The card around a page's player (compact or large): it is the radio player to tests and to the
 * bottom player bar, which stands aside while it is on screen (never two players).
 */
export function PlayerFrame({
  variant,
  className,
  children,
}: {
  variant: 'compact' | 'large';
  className: string;
  children: ReactNode;
}) {
  const { state } = usePlayer();
  const presence = usePagePlayerRef();
  return (
    <div
      ref={presence}
      data-testid="radio-player"
      data-variant={variant}
      data-state={state}
      className={className}
    >
      {children}
    </div>
  );
}
