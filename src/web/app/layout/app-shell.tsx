import { LIMITS } from '@shared/limits';
import { LOADING_TEXTS } from '@shared/texts/common';
import { LoadingState } from '@web/components/ui/spinner';
import { LazyAuthModal } from '@web/features/auth/components/lazy-auth-modal';
import { NotificationBanner } from '@web/features/notifications/components/notification-banner';
import { PlayerBar } from '@web/features/player/components/player-bar';
import { usePagePlayerInView } from '@web/features/player/page-player-presence';
import { LazyRequestModal } from '@web/features/requests/components/lazy-request-modal';
import { usePublicSettings } from '@web/features/settings/api';
import { ThemeSync } from '@web/features/shop/components/theme-sync';
import { InstallPrompt } from '@web/pwa/install-prompt';
import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { DocumentMetaSync } from '../document/document-meta-sync';
import { FullScreenLoader } from '../full-screen-loader';
import { useElementHeight } from '../hooks/use-element-height';
import { useIsMobile } from '../hooks/use-is-mobile';
import { useMediaQuery } from '../hooks/use-media-query';
import { useMe } from '../session';
import { PageVisitTracker } from '../triggers/page-visit-tracker';
import { DesktopHeader } from './desktop-header';
import { Footer } from './footer';
import { LiveChatSlot } from './live-chat-slot';
import { MobileHeader } from './mobile-header';
import { MobileTabBar } from './mobile-tab-bar';

// The hidden-badge rules and their banner: a small chunk, fetched only for signed-in members.
const BadgeWatcher = lazy(() => import('@web/features/badges/components/badge-watcher'));

/**
 * The layout around every route: desktop top navigation or the mobile layout, the player bar at the
 * bottom of every page (above the mobile tab bar), the footer, the notification banner, the auth and request modals, the live-chat widget
 * and, for members, the badge watcher.
 * Waits for the session on first load. The audio itself lives in PlayerProvider, above the routes.
 */
export function AppShell() {
  const { me, isPending } = useMe();
  const { siteTitle } = usePublicSettings();
  const mobile = useIsMobile();
  // The player bar's inline volume slider and quality menu need a window wider than a phone's: a narrow
  // window on a computer (no touch, so not `mobile`) gets the phone's bar too, or the station's name and the
  // on-air badge are squeezed under the play button.
  const narrow = useMediaQuery(`(max-width: ${LIMITS.mobileBreakpointPx}px)`);
  // The player bar is on every page, at every width; it stands aside only while the home page's own player
  // is on screen (never two players).
  const playerBar = !usePagePlayerInView();
  // The live-chat button floats just above whatever is fixed at the bottom (the player bar with its volume
  // row open, the tab bar), measured, so it never covers the player's buttons.
  const [bottomBars, setBottomBars] = useState<HTMLDivElement | null>(null);
  const bottomBarsHeight = useElementHeight(bottomBars);

  if (isPending) return <FullScreenLoader label={LOADING_TEXTS.product(siteTitle)} />;

  return (
    <div className="flex min-h-dvh flex-col" data-layout={mobile ? 'mobile' : 'desktop'}>
      <a
        href="#main"
        className="sr-only z-[70] rounded-lg bg-pink-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {mobile ? <MobileHeader /> : <DesktopHeader />}
      {/* At least a screen tall: a page that loads after the shell (its chunk, its reads) fills the space it
          was given instead of pushing a footer that was already on screen down (a layout shift of 0.3). */}
      <main id="main" className="min-h-dvh w-full min-w-0 flex-1">
        <Suspense fallback={<LoadingState label={LOADING_TEXTS.generic} className="min-h-[50vh]" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      {/* Room for the fixed bar(s), kept whether the player bar shows or not, so nothing shifts. */}
      <div aria-hidden className={mobile ? 'h-36' : 'h-[4.5rem]'} />
      <div ref={setBottomBars} className="fixed inset-x-0 bottom-0 z-40">
        {playerBar ? <PlayerBar compact={mobile || narrow} /> : null}
        {mobile ? <MobileTabBar /> : null}
      </div>
      <NotificationBanner />
      <LiveChatSlot
        placement={
          mobile ? (playerBar ? 'mobile-player' : 'mobile') : playerBar ? 'desktop-player' : 'desktop'
        }
        clearancePx={bottomBarsHeight}
      />
      {me ? (
        <Suspense fallback={null}>
          <BadgeWatcher />
        </Suspense>
      ) : null}
      <InstallPrompt siteTitle={siteTitle} />
      <LazyAuthModal />
      <LazyRequestModal />
      <PageVisitTracker />
      <DocumentMetaSync />
      <ThemeSync />
    </div>
  );
}
