import { clsx } from 'clsx';
import { Headphones } from 'lucide-react';
import { useNowPlaying } from '../now-playing';

/** The live listener total beside the header's on-air marker. */
export function ListenerTotal({ className }: { className?: string }) {
  const { data } = useNowPlaying();
  if (!data) return null;
  const total = data.listeners.total;
  return (
    <span className={clsx('flex items-center gap-0.5', className)} title={`${total} listening now`}>
      <Headphones aria-hidden className="size-3" />
      <span data-testid="header-listeners">{total}</span>
      <span className="sr-only">listening</span>
    </span>
  );
}
