import { HOME_TEXTS } from '@shared/texts/station';
import { HomeCarousel } from '@web/features/content/components/home-carousel';
import { HomeStreamersStrip } from '@web/features/content/components/home-streamers-strip';
import { NewsTeaser } from '@web/features/news/components/news-teaser';
import { CompactPlayer } from '@web/features/player/components/compact-player';
import { useNowPlayingView } from '@web/features/player/use-now-playing-view';
import { ComingUp } from '@web/features/schedule/components/coming-up';
import { usePublicSettings } from '@web/features/settings/api';
import { OnAirPanel } from '@web/features/station/components/on-air-panel';
import { RecentlyPlayed } from '@web/features/station/components/recently-played';
import { HeroTagline } from './hero-tagline';
import { MobileStats, MobileTiles } from './mobile-shortcuts';
import { SupportUs } from './support-us';

/** Home on mobile: the carousel, the compact player, stats, shortcut tiles, then on air, recent songs and more. */
export function MobileHome() {
  const { siteTitle } = usePublicSettings();
  const view = useNowPlayingView();
  return (
    <div className="flex flex-col gap-5 px-4 pt-5">
      <header>
        <HeroTagline siteTitle={siteTitle} />
        <h1 className="mt-1 font-extrabold text-3xl text-white tracking-tight">{HOME_TEXTS.heading}</h1>
      </header>
      <HomeCarousel className="rounded-2xl" />
      <CompactPlayer />
      <MobileStats listeners={view.listeners} />
      <MobileTiles live={view.isLive} />
      {/* Below the first screen: laid out and painted only when scrolled near (a quicker first load). */}
      <div className="flex flex-col gap-5 [contain-intrinsic-size:auto_1600px] [content-visibility:auto]">
        <OnAirPanel live={view.live} />
        <RecentlyPlayed history={view.history} defaultArt={view.defaultArt} />
        <ComingUp />
        <NewsTeaser />
        <HomeStreamersStrip />
        <SupportUs />
      </div>
    </div>
  );
}
