import type { Capability } from '@shared/permissions';
import { LOADING_TEXTS } from '@shared/texts/common';
import { LoadingState } from '@web/components/ui/spinner';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useMe } from './session';

/**
 * Route guard: 'Loading...' while the session loads; visitors, and members without the required
 * capability or role, go to /. Comfort only; the server guards every call.
 */
export function ProtectedRoute({
  children,
  capability,
  roles,
  loadingLabel = LOADING_TEXTS.generic,
}: {
  children: ReactNode;
  capability?: Capability;
  roles?: readonly string[];
  /** The page's own loading words (the admin panel has 'Loading admin panel...'). */
  loadingLabel?: string;
}) {
  const { me, isPending } = useMe();
  if (isPending) return <LoadingState label={loadingLabel} />;
  if (!me) return <Navigate to="/" replace />;
  if (capability && !me.isAdmin && !me.capabilities.includes(capability)) return <Navigate to="/" replace />;
  if (roles && !me.isAdmin && !roles.some((r) => me.roles.includes(r))) return <Navigate to="/" replace />;
  return <>{children}</>;
}
