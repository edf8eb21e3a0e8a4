import { TEXTS } from '@shared/texts';
import { LoadingState } from '@web/components/ui/spinner';
import { LazyAuthModal } from '@web/features/auth/components/lazy-auth-modal';
import { NotificationBanner } from '@web/features/notifications/components/notification-banner';
import { MiniPlayer } from '@web/features/player/components/mini-player';
import { LazyRequestModal } from '@web/features/requests/components/lazy-request-modal';
import { usePublicSettings } from '@web/features/settings/api';
import { ThemeSync } from '@web/features/shop/components/theme-sync';
import { InstallPrompt } from '@web/pwa/install-prompt';
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { DocumentMetaSync } from '../document-meta-sync';
import { FullScreenLoader } from '../full-screen-loader';
import { PageVisitTracker } from '../page-visit-tracker';
import { useMe } from '../session';
import { useIsMobile } from '../use-is-mobile';
import { DesktopHeader } from './desktop-header';
import { Footer } from './footer';
import { LiveChatSlot } from './live-chat-slot';
import { MobileHeader } from './mobile-header';
import { MobileTabBar } from './mobile-tab-bar';

// The hidden-badge rules and their banner: a small chunk, fetched only for signed-in members.
const BadgeWatcher = lazy(() => import('@web/features/badges/components/badge-watcher'));

/**
 * The layout around every route: desktop top navigation or the mobile layout (with the mini player
 * above the tab bar), the footer, the notification banner, the auth and request modals, the live-chat widget
 * and, for members, the badge watcher.
 * Waits for the session on first load. The audio itself lives in PlayerProvider, above the routes.
 */
export function AppShell() {
  const { me, isPending } = useMe();
  const { siteTitle } = usePublicSettings();
  const mobile = useIsMobile();
  // On the mobile home the compact player is on the page; elsewhere the mini player sits above the tabs.
  const { pathname } = useLocation();
  const miniPlayer = mobile && pathname !== '/';

  if (isPending) return <FullScreenLoader label={TEXTS.loading.product(siteTitle)} />;

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
        <Suspense fallback={<LoadingState label={TEXTS.loading.generic} className="min-h-[50vh]" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      {mobile ? (
        <>
          <div aria-hidden className={miniPlayer ? 'h-36' : 'h-20'} />
          <div className="fixed inset-x-0 bottom-0 z-40">
            {miniPlayer ? <MiniPlayer /> : null}
            <MobileTabBar />
          </div>
        </>
      ) : null}
      <NotificationBanner />
      <LiveChatSlot placement={mobile ? (miniPlayer ? 'mobile-player' : 'mobile') : 'desktop'} />
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
