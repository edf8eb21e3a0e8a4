import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Closes an open menu once the app has moved to another page. React Router shows a new location only when
 * the page's code has loaded (a transition), while the address bar changes at once: a menu opened in
 * between (on the page being arrived at) must not be closed by that late arrival. So the menu closes only
 * when the page differs from the one the address bar showed when it opened.
 */
export function useCloseOnNavigate(open: boolean, close: () => void) {
  const { pathname } = useLocation();
  const openedAt = useRef<string | null>(null);
  useEffect(() => {
    openedAt.current = open ? window.location.pathname : null;
  }, [open]);
  useEffect(() => {
    if (openedAt.current !== null && openedAt.current !== pathname) close();
  }, [pathname, close]);
}
