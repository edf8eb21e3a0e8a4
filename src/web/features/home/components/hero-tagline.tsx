import { ON_AIR_TEXTS } from '@shared/texts/station';
import { useNowPlaying } from '@web/features/station/now-playing';
import { onAirState } from '@web/features/station/on-air-state';
import { clsx } from 'clsx';

/**
 * The home page's line over the heading: the station's name and what it is doing now, as the header's
 * marker says it (live, on air, off air); the name alone until that is known. `pill`: the desktop
 * hero's rounded badge with a dot (pulsing only while on air).
 */
export function HeroTagline({ siteTitle, pill = false }: { siteTitle: string; pill?: boolean }) {
  const { data } = useNowPlaying();
  const state = onAirState(data);
  const onAir = state === 'live' || state === 'autodj';
  return (
    <p
      data-testid="hero-tagline"
      data-state={state ?? 'unknown'}
      className={clsx(
        'font-semibold text-xs uppercase tracking-widest',
        onAir ? 'text-rose-500' : 'text-slate-300',
        pill && 'mb-4 inline-flex items-center gap-2 rounded-full border px-3 py-1',
        pill && (onAir ? 'border-rose-500/30 bg-rose-500/10' : 'border-slate-600 bg-slate-800/60'),
      )}
    >
      {pill ? (
        <span
          aria-hidden
          className={clsx(
            'size-2 rounded-full',
            onAir ? 'bg-rose-500 motion-safe:animate-pulse' : 'bg-slate-400',
          )}
        />
      ) : null}
      {state ? ON_AIR_TEXTS.tagline[state](siteTitle) : siteTitle}
    </p>
  );
}
