import { useApplicationsEvents } from '@web/features/applications/api';
import { useBannedSongsEvents } from '@web/features/banned-songs/api';
import { useChartEvents } from '@web/features/chart/api';
import { useChatEvents } from '@web/features/chat/api';
import { useContentEvents } from '@web/features/content/api';
import { useLikesEvents } from '@web/features/library/api';
import { useMembersEvents } from '@web/features/members/api';
import { useMessagesEvents } from '@web/features/messages/api';
import { useNewsEvents } from '@web/features/news/api';
import { useRecordingsEvents } from '@web/features/recordings/api';
import { useRequestEvents } from '@web/features/requests/api';
import { useScheduleEvents } from '@web/features/schedule/api';
import { useSettingsEvents } from '@web/features/settings/api';
import { useShopEvents } from '@web/features/shop/api';
import { useNowPlayingEvents } from '@web/features/station/now-playing';

/**
 * Keeps the caches in step with the event stream: now playing, schedule, chart, likes, requests and
 * their settings, banned songs, applications, the live chat, direct messages, the member lists and the shop
 * (the member's balance, purchases and orders).
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
  useSettingsEvents();
  useShopEvents();
  useNewsEvents();
  useContentEvents();
  useRecordingsEvents();
  return null;
}
