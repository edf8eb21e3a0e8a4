import { LoadingState } from '@web/components/ui/spinner';
import { HomePage } from '@web/features/home/pages/home-page';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { AppShell } from './layout/app-shell';
import { ProtectedRoute } from './protected-route';

// Staff pages are separate chunks, never downloaded by listeners.
const RolesPage = lazy(() => import('@web/features/roles/pages/roles-page'));
const AdminPage = lazy(() => import('@web/features/admin/pages/admin-page'));

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<AppShell />}>
          <Route index element={<HomePage />} />
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
                <Suspense fallback={<LoadingState label="Loading admin panel..." className="min-h-[50vh]" />}>
                  <AdminPage />
                </Suspense>
              </ProtectedRoute>
            }
          />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
