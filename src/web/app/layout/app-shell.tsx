import { TEXTS } from '@shared/texts';
import { LoadingState } from '@web/components/ui/spinner';
import { LazyAuthModal } from '@web/features/auth/components/lazy-auth-modal';
import { NotificationBanner } from '@web/features/notifications/components/notification-banner';
import { usePublicSettings } from '@web/features/settings/api';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { FullScreenLoader } from '../full-screen-loader';
import { PageVisitTracker } from '../page-visit-tracker';
import { useMe } from '../session';
import { useIsMobile } from '../use-is-mobile';
import { DesktopHeader } from './desktop-header';
import { Footer } from './footer';
import { LiveChatSlot } from './live-chat-slot';
import { MobileHeader } from './mobile-header';
import { MobileTabBar } from './mobile-tab-bar';

/**
 * The layout around every route: desktop top navigation or the mobile layout, the footer, the
 * notification banner, the auth modal and the live-chat slot. Waits for the session on first load.
 */
export function AppShell() {
  const { isPending } = useMe();
  const { siteTitle } = usePublicSettings();
  const mobile = useIsMobile();

  useEffect(() => {
    document.title = siteTitle;
  }, [siteTitle]);

  if (isPending) return <FullScreenLoader label={TEXTS.loading.product(siteTitle)} />;

  return (
    <div className="flex min-h-dvh flex-col" data-layout={mobile ? 'mobile' : 'desktop'}>
      <a
        href="#main"
        className="sr-only z-[70] rounded-lg bg-pink-500 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {mobile ? <MobileHeader /> : <DesktopHeader />}
      <main id="main" className="w-full min-w-0 flex-1">
        <Suspense fallback={<LoadingState label={TEXTS.loading.generic} className="min-h-[50vh]" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      {mobile ? (
        <>
          <div aria-hidden className="h-20" />
          <MobileTabBar />
        </>
      ) : null}
      <NotificationBanner />
      <LiveChatSlot />
      <LazyAuthModal />
      <PageVisitTracker />
    </div>
  );
}
