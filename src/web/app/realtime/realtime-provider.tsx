import { EVENT_TYPES } from '@shared/events';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { isPageCopy } from '../page-data';
import { meQueryKey, useMe } from '../session';
import { RealtimeClient, type RealtimeHandler, STREAM_OPENED } from './realtime-client';

const RealtimeContext = createContext<RealtimeClient | null>(null);

/**
 * Owns the tab's realtime stream: opens it once, reopens it when the session changes (so the server
 * recomputes the caller's topics) and keeps the session and settings caches in step with events.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() => new RealtimeClient());
  const queryClient = useQueryClient();
  const { me, isPending } = useMe();
  const userId = me?.user.id ?? null;
  const seenUser = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    client.onReconnect = () => void queryClient.invalidateQueries();
    client.start();
    return () => client.stop();
  }, [client, queryClient]);

  useEffect(() => {
    if (isPending) return;
    if (seenUser.current !== undefined && seenUser.current !== userId) client.restart({ resume: false });
    seenUser.current = userId;
  }, [client, userId, isPending]);

  useEffect(() => {
    const offMe = client.subscribe(EVENT_TYPES.meChanged, () => {
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      client.restart({ resume: true });
    });
    // The first open: what the page carried may have changed before the stream was there to say so.
    let opened = false;
    const offOpened = client.subscribe(STREAM_OPENED, () => {
      if (opened) return;
      opened = true;
      void queryClient.invalidateQueries({ predicate: isPageCopy });
    });
    const offSettings = client.subscribe(EVENT_TYPES.settingsChanged, () => {
      void queryClient.invalidateQueries({ queryKey: ['settings'] });
    });
    return () => {
      offMe();
      offOpened();
      offSettings();
    };
  }, [client, queryClient]);

  return <RealtimeContext value={client}>{children}</RealtimeContext>;
}

/** Runs `handler` for every realtime event of `type` while the calling component is mounted. */
export function useRealtimeEvent(type: string, handler: RealtimeHandler) {
  const client = useContext(RealtimeContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!client) return;
    return client.subscribe(type, (data, meta) => latest.current(data, meta));
  }, [client, type]);
}
