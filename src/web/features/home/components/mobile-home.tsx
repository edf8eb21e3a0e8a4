import { TEXTS } from '@shared/texts';
import { CompactPlayer } from '@web/features/player/components/compact-player';
import { useNowPlayingView } from '@web/features/player/use-now-playing-view';
import { ComingUp } from '@web/features/schedule/components/coming-up';
import { usePublicSettings } from '@web/features/settings/api';
import { OnAirPanel } from '@web/features/station/components/on-air-panel';
import { RecentlyPlayed } from '@web/features/station/components/recently-played';
import { MobileStats, MobileTiles } from './mobile-shortcuts';
import { SupportUs } from './support-us';

/** Home on mobile: the compact player, stats, shortcut tiles, then on air, recent songs and more. */
export function MobileHome() {
  const { siteTitle } = usePublicSettings();
  const view = useNowPlayingView();
  return (
    <div className="flex flex-col gap-5 px-4 pt-5">
      <header>
        <p className="font-semibold text-rose-500 text-xs uppercase tracking-widest">
          {siteTitle} · on air 24/7
        </p>
        <h1 className="mt-1 font-extrabold text-3xl text-white tracking-tight">{TEXTS.home.heading}</h1>
      </header>
      <CompactPlayer />
      <MobileStats listeners={view.listeners} />
      <MobileTiles live={view.isLive} />
      <OnAirPanel live={view.live} />
      <RecentlyPlayed history={view.history} defaultArt={view.defaultArt} />
      <ComingUp />
      <SupportUs />
    </div>
  );
}
