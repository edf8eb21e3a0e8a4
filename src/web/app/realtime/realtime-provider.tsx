import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { pageStreamStart } from '../data/page-data';
import { useMe } from '../session';
import { followStream } from './follow-stream';
import { RealtimeClient, type RealtimeHandler } from './realtime-client';

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
  // The page's reads are as of this event: the stream resumes after it and replays what changed since.
  const [pageEventId] = useState(pageStreamStart);

  useEffect(() => followStream(client, queryClient, pageEventId), [client, queryClient, pageEventId]);

  useEffect(() => {
    if (isPending) return;
    if (seenUser.current !== undefined && seenUser.current !== userId) client.restart({ resume: false });
    seenUser.current = userId;
  }, [client, userId, isPending]);

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
