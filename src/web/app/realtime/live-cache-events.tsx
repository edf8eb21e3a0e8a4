import { useApplicationsEvents } from '@web/features/applications/api';
import { useBannedSongsEvents } from '@web/features/banned-songs/api';
import { useChartEvents } from '@web/features/chart/api';
import { useChatEvents } from '@web/features/chat/api';
import { useLikesEvents } from '@web/features/library/api';
import { useMembersEvents } from '@web/features/members/api';
import { useMessagesEvents } from '@web/features/messages/api';
import { useRequestEvents } from '@web/features/requests/api';
import { useScheduleEvents } from '@web/features/schedule/api';
import { useNowPlayingEvents } from '@web/features/station/now-playing';

/**
 * Keeps the caches in step with the event stream: now playing, schedule, chart, likes, requests and
 * their settings, banned songs, applications, the live chat, direct messages and the member lists.
 */
export function LiveCacheEvents() {
  useNowPlayingEvents();
  useScheduleEvents();
  useChartEvents();
  useLikesEvents();
  useRequestEvents();
  useBannedSongsEvents();
  useApplicationsEvents();
  useChatEvents();
  useMessagesEvents();
  useMembersEvents();
  return null;
}
