import { lazy, Suspense, useEffect, useState } from 'react';
import { useAuthModal } from '../hooks/auth-modal-context';

const loadAuthModal = () => import('./auth-modal');
const PREFETCH_AFTER_MS = 8000;
const AuthModal = lazy(() => loadAuthModal().then((m) => ({ default: m.AuthModal })));

/**
 * The auth modal and its forms (react-hook-form, zod) load on first use, keeping them out of the
 * listener's first download. The chunk is fetched ahead once the visitor starts using the page (a pointer,
 * touch or key) or after a few quiet seconds, so opening feels instant without slowing the first load.
 */
export function LazyAuthModal() {
  const { open } = useAuthModal();
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);

  useEffect(() => {
    const events = ['pointerdown', 'pointerover', 'touchstart', 'keydown'] as const;
    const prefetch = () => {
      stop();
      void loadAuthModal().catch(() => undefined);
    };
    const timer = window.setTimeout(prefetch, PREFETCH_AFTER_MS);
    const stop = () => {
      window.clearTimeout(timer);
      for (const e of events) window.removeEventListener(e, prefetch);
    };
    for (const e of events) window.addEventListener(e, prefetch, { once: true, passive: true });
    return stop;
  }, []);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AuthModal />
    </Suspense>
  );
}
