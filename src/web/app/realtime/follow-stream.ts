import { EVENT_TYPES } from '@shared/events';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@web/app/data/query-keys';
import { isPageCopy } from '../data/page-data';
import { type RealtimeClient, STREAM_OPENED } from './realtime-client';

/**
 * Opens the tab's stream and keeps the caches that depend on the stream itself in step: everything after
 * a reconnect or a resync, the session on `me.changed`, the settings on `settings.changed`. `pageEventId`
 * is the event the page's reads are as of (page-data): the stream resumes after it, so a change published
 * since the page was written arrives as a replayed event. A page without it starts from now and reads its
 * copies again once the stream is open. Returns what stops it all.
 */
export function followStream(client: RealtimeClient, queryClient: QueryClient, pageEventId: string | null) {
  client.onReconnect = () => void queryClient.invalidateQueries();
  const offMe = client.subscribe(EVENT_TYPES.meChanged, () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    client.restart({ resume: true });
  });
  let opened = false;
  const offOpened = client.subscribe(STREAM_OPENED, () => {
    if (opened) return;
    opened = true;
    if (pageEventId === null) void queryClient.invalidateQueries({ predicate: isPageCopy });
  });
  // Too far behind to replay (the server pruned the events since): read everything again.
  const offResync = client.subscribe(EVENT_TYPES.resync, () => void queryClient.invalidateQueries());
  const offSettings = client.subscribe(EVENT_TYPES.settingsChanged, () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.settings.root });
  });
  client.start(pageEventId);
  return () => {
    client.stop();
    offMe();
    offOpened();
    offResync();
    offSettings();
  };
}
