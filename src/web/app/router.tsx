import { ADMIN_TEXTS } from '@shared/texts/admin';
import { LOADING_TEXTS } from '@shared/texts/common';
import { LoadingState } from '@web/components/ui/spinner';
import { HomePage } from '@web/features/home/pages/home-page';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { AppShell } from './layout/app-shell';
import { ProtectedRoute } from './protected-route';

// Listener pages beyond home are small chunks of their own; the shell's Suspense shows 'Loading...'.
const SchedulePage = lazy(() => import('@web/features/schedule/pages/schedule-page'));
const ChartPage = lazy(() => import('@web/features/chart/pages/chart-page'));
const MostLikedPage = lazy(() =>
  import('@web/features/library/pages/ranked-songs-page').then((m) => ({ default: m.MostLikedPage })),
);
const MostPlayedPage = lazy(() =>
  import('@web/features/library/pages/ranked-songs-page').then((m) => ({ default: m.MostPlayedPage })),
);
const RequestsPage = lazy(() => import('@web/features/requests/pages/requests-page'));
const BannedSongsPage = lazy(() => import('@web/features/banned-songs/pages/banned-songs-page'));
const ApplyPage = lazy(() => import('@web/features/applications/pages/apply-page'));
const PresenterChatPage = lazy(() => import('@web/features/chat/pages/presenter-chat-page'));
const MembersPage = lazy(() => import('@web/features/members/pages/members-page'));
const MessagesPage = lazy(() => import('@web/features/messages/pages/messages-page'));
const ProfilePage = lazy(() => import('@web/features/profile/pages/profile-page'));
const TeamPage = lazy(() => import('@web/features/team/pages/team-page'));
const SupportPage = lazy(() => import('@web/features/support/pages/support-page'));
const ShopPage = lazy(() => import('@web/features/shop/pages/shop-page'));
const SuccessPage = lazy(() => import('@web/features/shop/pages/success-page'));
const FailedPage = lazy(() => import('@web/features/shop/pages/failed-page'));
const NewsPage = lazy(() => import('@web/features/news/pages/news-page'));
const ArticlePage = lazy(() => import('@web/features/news/pages/article-page'));
const ListenAgainPage = lazy(() => import('@web/features/recordings/pages/listen-again-page'));
const StreamersPage = lazy(() => import('@web/features/content/pages/streamers-page'));

// Staff pages are separate chunks, never downloaded by listeners.
const RolesPage = lazy(() => import('@web/features/roles/pages/roles-page'));
const AdminPage = lazy(() => import('@web/features/admin/pages/admin-page'));
const MusicPage = lazy(() => import('@web/features/admin/music/pages/music-page'));
const SetPasswordPage = lazy(() => import('@web/features/auth/pages/set-password-page'));
const AdminSupportPage = lazy(() => import('@web/features/support/pages/admin-support-page'));
const NewsManagementPage = lazy(() => import('@web/features/news/pages/news-management-page'));
const PresenterPage = lazy(() => import('@web/features/presenter/pages/presenter-page'));
const StaffPanelPage = lazy(() => import('@web/features/staff-panel/pages/staff-panel-page'));
const TrainingPage = lazy(() => import('@web/features/training/pages/training-page'));

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<AppShell />}>
          <Route index element={<HomePage />} />
          <Route path="schedule" element={<SchedulePage />} />
          <Route path="listen-again" element={<ListenAgainPage />} />
          <Route path="chart" element={<ChartPage />} />
          <Route path="most-liked" element={<MostLikedPage />} />
          <Route path="most-played" element={<MostPlayedPage />} />
          <Route path="requests" element={<RequestsPage />} />
          <Route path="banned-songs" element={<BannedSongsPage />} />
          <Route path="apply" element={<ApplyPage />} />
          <Route path="presenter-chat" element={<PresenterChatPage />} />
          <Route path="members" element={<MembersPage />} />
          <Route
            path="messages"
            element={
              <ProtectedRoute>
                <MessagesPage />
              </ProtectedRoute>
            }
          />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="staff" element={<TeamPage />} />
          <Route path="shop" element={<ShopPage />} />
          <Route path="success" element={<SuccessPage />} />
          <Route path="failed" element={<FailedPage />} />
          <Route
            path="roles"
            element={
              <ProtectedRoute>
                <RolesPage />
              </ProtectedRoute>
            }
          />
          <Route
            path="admin"
            element={
              <ProtectedRoute loadingLabel={ADMIN_TEXTS.loading}>
                <Suspense fallback={<LoadingState label={ADMIN_TEXTS.loading} />}>
                  <AdminPage />
                </Suspense>
              </ProtectedRoute>
            }
          />
          <Route
            path="music"
            element={
              <ProtectedRoute capability="media.manage">
                <Suspense fallback={<LoadingState label={LOADING_TEXTS.generic} />}>
                  <MusicPage />
                </Suspense>
              </ProtectedRoute>
            }
          />
          <Route path="presenter" element={<PresenterPage />} />
          <Route
            path="training"
            element={
              <ProtectedRoute>
                <TrainingPage />
              </ProtectedRoute>
            }
          />
          {/* The old Stream Info page is now a tab of the presenter panel. */}
          <Route
            path="presenter/stream"
            element={
              <Navigate to="/presenter" replace state={{ section: 'radio-presenter', tab: 'stream-info' }} />
            }
          />
          {/* The web booth: a link a presenter can keep (the presenter panel's Go live tab). */}
          <Route
            path="presenter/go-live"
            element={
              <Navigate to="/presenter" replace state={{ section: 'radio-presenter', tab: 'go-live' }} />
            }
          />
          <Route path="set-password" element={<SetPasswordPage />} />
          <Route path="support" element={<SupportPage />} />
          <Route
            path="admin-support"
            element={
              <ProtectedRoute capability="support.manage">
                <AdminSupportPage />
              </ProtectedRoute>
            }
          />
          <Route path="news" element={<NewsPage />} />
          <Route path="news/:slug" element={<ArticlePage />} />
          <Route path="streamers" element={<StreamersPage />} />
          <Route
            path="news-management"
            element={
              <ProtectedRoute>
                <NewsManagementPage />
              </ProtectedRoute>
            }
          />
          <Route path="staff-panel" element={<StaffPanelPage />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
