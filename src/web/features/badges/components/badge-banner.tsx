import type { Badge } from '@shared/contracts/badges';
import { BADGES_TEXTS } from '@shared/texts/badges';
import { Award } from 'lucide-react';

export interface BannerEntry {
  key: string;
  badge: Badge;
}

/**
 * 'Badge Unlocked: {icon} {name}!' at the top centre. One live region holds every badge
 * unlocked in the last 5 seconds (the Konami code unlocks two at once).
 */
export function BadgeBanner({ entries }: { entries: BannerEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <div
      role="status"
      data-testid="badge-banner"
      className="-translate-x-1/2 pointer-events-none fixed top-[4.5rem] left-1/2 z-[65] flex w-max max-w-[calc(100vw-2rem)] flex-col gap-2"
    >
      {entries.map(({ key, badge }) => (
        <p
          key={key}
          className="flex items-center gap-3 rounded-2xl border border-amber-400/50 bg-slate-900/95 px-4 py-3 font-semibold text-amber-100 shadow-2xl shadow-amber-500/20 backdrop-blur motion-safe:animate-[badge-pop_300ms_ease-out]"
        >
          <Award aria-hidden className="size-5 shrink-0 text-amber-300" />
          <span className="min-w-0 break-words">{BADGES_TEXTS.unlocked(badge.icon, badge.name)}</span>
        </p>
      ))}
    </div>
  );
}
