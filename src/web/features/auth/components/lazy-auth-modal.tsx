import { lazy, Suspense, useEffect, useState } from 'react';
import { useAuthModal } from '../hooks/auth-modal-context';

const loadAuthModal = () => import('./auth-modal');
const AuthModal = lazy(() => loadAuthModal().then((m) => ({ default: m.AuthModal })));

/**
 * The auth modal and its forms (react-hook-form, zod) load on first use, keeping them out of the
 * listener's first download; the chunk is fetched while the browser is idle so opening feels instant.
 */
export function LazyAuthModal() {
  const { open } = useAuthModal();
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    idle(() => void loadAuthModal().catch(() => undefined));
  }, []);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AuthModal />
    </Suspense>
  );
}
