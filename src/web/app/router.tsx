import { HomePage } from '@web/features/home/pages/home-page';
import { lazy } from 'react';
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

// Staff pages are separate chunks, never downloaded by listeners.
const RolesPage = lazy(() => import('@web/features/roles/pages/roles-page'));
const AdminPage = lazy(() => import('@web/features/admin/pages/admin-page'));
const StreamInfoPage = lazy(() => import('@web/features/station/pages/stream-info-page'));

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<AppShell />}>
          <Route index element={<HomePage />} />
          <Route path="schedule" element={<SchedulePage />} />
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
              <ProtectedRoute>
                <AdminPage />
              </ProtectedRoute>
            }
          />
          <Route
            path="presenter/stream"
            element={
              <ProtectedRoute capability="station.stream">
                <StreamInfoPage />
              </ProtectedRoute>
            }
          />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
