import { useNowPlaying } from '@web/features/station/now-playing';
import { Headphones } from 'lucide-react';

/** The live listener total beside the mobile header's LIVE marker. */
export function ListenerTotal() {
  const { data } = useNowPlaying();
  if (!data) return null;
  const total = data.listeners.total;
  return (
    <span className="flex items-center gap-0.5 text-rose-300" title={`${total} listening now`}>
      <Headphones aria-hidden className="size-3" />
      <span data-testid="header-listeners">{total}</span>
      <span className="sr-only">listening</span>
    </span>
  );
}
