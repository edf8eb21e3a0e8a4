import { HOME_TEXTS } from '@shared/texts/station';
import { useMe } from '@web/app/session';
import { Button } from '@web/components/ui/button';
import { useAuthModal } from '@web/features/auth/hooks/auth-modal-context';
import { HomeCarousel } from '@web/features/content/components/home-carousel';
import { HomeStreamersStrip } from '@web/features/content/components/home-streamers-strip';
import { NewsTeaser } from '@web/features/news/components/news-teaser';
import { LargePlayer } from '@web/features/player/components/large-player';
import { useNowPlayingView } from '@web/features/player/use-now-playing-view';
import { ComingUp } from '@web/features/schedule/components/coming-up';
import { usePublicSettings } from '@web/features/settings/api';
import { OnAirPanel } from '@web/features/station/components/on-air-panel';
import { RecentlyPlayed } from '@web/features/station/components/recently-played';
import { Headphones, Radio, UserPlus } from 'lucide-react';
import { HeroTagline } from './hero-tagline';
import { SupportUs } from './support-us';

/**
 * Home on desktop: the hero with the large player, the carousel, then who is on air, recent songs, coming
 * up, the news teaser, community streamers and support.
 */
export function DesktopHome() {
  const { siteTitle, siteDescription } = usePublicSettings();
  const { me } = useMe();
  const { openAuth } = useAuthModal();
  const view = useNowPlayingView();

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 pt-8 sm:px-6 sm:pt-12">
      <section className="relative overflow-hidden rounded-3xl border border-slate-700/80 bg-gradient-to-br from-indigo-950/70 via-slate-900 to-slate-950 px-5 py-8 sm:px-10 sm:py-12">
        <div
          aria-hidden
          className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-pink-500/20 blur-3xl"
        />
        <div
          aria-hidden
          className="pointer-events-none absolute -bottom-32 -left-20 size-80 rounded-full bg-violet-500/20 blur-3xl"
        />
        <div className="relative grid items-center gap-10 lg:grid-cols-[1fr_minmax(0,34rem)]">
          <div className="min-w-0">
            <HeroTagline siteTitle={siteTitle} pill />
            <h1 className="break-words font-extrabold text-4xl text-white leading-tight tracking-tight sm:text-6xl">
              {HOME_TEXTS.heading.replace(/ your music\.$/, '')}{' '}
              <span className="bg-gradient-to-r from-pink-400 to-violet-300 bg-clip-text text-transparent">
                your music.
              </span>
            </h1>
            {siteDescription ? (
              <p className="mt-5 max-w-xl text-lg text-slate-300">{siteDescription}</p>
            ) : null}
            <div className="mt-8 flex flex-wrap gap-3">
              {me ? (
                <p className="flex items-center gap-2 text-slate-100">
                  <Headphones aria-hidden className="size-5 text-pink-400" />
                  <span>
                    Welcome back, <span className="font-semibold text-white">{me.displayName}</span>.
                  </span>
                </p>
              ) : (
                <>
                  <Button
                    size="lg"
                    icon={<UserPlus aria-hidden className="size-5" />}
                    onClick={() => openAuth('signup')}
                  >
                    Join the community
                  </Button>
                  <Button
                    size="lg"
                    variant="secondary"
                    icon={<Radio aria-hidden className="size-5" />}
                    onClick={() => openAuth('login')}
                  >
                    I have an account
                  </Button>
                </>
              )}
            </div>
          </div>
          <LargePlayer />
        </div>
      </section>

      <HomeCarousel />

      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        <OnAirPanel live={view.live} />
        <RecentlyPlayed history={view.history} defaultArt={view.defaultArt} />
        <ComingUp className="md:col-span-2 lg:col-span-1" />
      </div>

      <div className="flex flex-col gap-6 lg:flex-row">
        <NewsTeaser className="min-w-0 lg:flex-[2]" />
        <HomeStreamersStrip className="min-w-0 lg:flex-[3]" />
      </div>

      <SupportUs />
    </div>
  );
}
