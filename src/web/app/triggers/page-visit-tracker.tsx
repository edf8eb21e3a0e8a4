import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { api } from '../data/api-client';
import { useMe } from '../session';
import { recordPageVisit } from './page-visits';

/** Records each path change as a page visit, and reports it to the server when signed in. */
export function PageVisitTracker() {
  const { pathname } = useLocation();
  const { me } = useMe();
  const signedIn = Boolean(me);
  const last = useRef<string | null>(null);

  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    recordPageVisit(pathname);
    if (signedIn) api.post('/api/page-visits', { path: pathname }).catch(() => undefined);
  }, [pathname, signedIn]);

  return null;
}
