import type { Badge, BadgeCode } from '@shared/contracts/badges';
import { EVENT_TYPES } from '@shared/events';
import { LIMITS } from '@shared/limits';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@web/app/data/query-keys';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';
import { useMe } from '@web/app/session';
import { takeEarlyKeys } from '@web/app/triggers/early-keys';
import { onFooterSecret, onLogoTripleClick } from '@web/app/triggers/hidden-triggers';
import { getPageVisits, onPageVisit } from '@web/app/triggers/page-visits';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  type MyBadgesData,
  postUnlock,
  type UnlockResult,
  type UserBadge,
  useMyBadges,
  withUnlockedBadge,
} from '../api';
import {
  BADGE_CHECK_INTERVAL_MS,
  createSequenceDetector,
  isDevToolsShortcut,
  isEditableTarget,
  isLongListener,
  isNightOwlHour,
  isSpeedDemon,
} from '../badge-rules';
import { type BadgeUnlocker, createBadgeUnlocker } from '../badge-unlocker';
import { BadgeBanner, type BannerEntry } from './badge-banner';

/** When this page loaded (epoch ms): the clock for long_listener and speed_demon. */
const loadedAt = Math.round(typeof performance !== 'undefined' ? performance.timeOrigin : Date.now());
/** Give the page-visit reports a moment to reach the server, which counts them itself. */
const SPEED_DEMON_REPORT_DELAY_MS = 750;

// One unlocker per member for the life of the tab, so each code is asked for at most once per session.
const unlockers = new Map<string, BadgeUnlocker<UnlockResult>>();
const unlockerFor = (userId: string) => {
  let u = unlockers.get(userId);
  if (!u) {
    u = createBadgeUnlocker(postUnlock);
    unlockers.set(userId, u);
  }
  return u;
};

const asUserBadge = (v: unknown): UserBadge | null => {
  const d = v as Partial<UserBadge> | null;
  return d && typeof d.id === 'string' && d.badge && typeof d.badge.code === 'string'
    ? (d as UserBadge)
    : null;
};

/**
 * Mounted once in the shell for signed-in members: watches for every hidden badge rule,
 * asks the server to unlock, and shows the 5-second banner when a badge is unlocked.
 */
export default function BadgeWatcher() {
  const { me } = useMe();
  const userId = me?.user.id;
  return userId ? <Watcher key={userId} userId={userId} /> : null;
}

function Watcher({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const unlocker = useMemo(() => unlockerFor(userId), [userId]);
  const mine = useMyBadges();
  const [entries, setEntries] = useState<BannerEntry[]>([]);
  const shown = useRef(new Set<string>());

  useEffect(() => {
    if (mine.data) unlocker.markOwned(mine.data.badges.map((b) => b.badge.code));
  }, [mine.data, unlocker]);

  const show = useCallback((badge: Badge) => {
    if (shown.current.has(badge.code)) return;
    shown.current.add(badge.code);
    const key = `${badge.code}-${Date.now()}`;
    setEntries((list) => [...list, { key, badge }]);
    window.setTimeout(() => setEntries((list) => list.filter((e) => e.key !== key)), LIMITS.badgeBannerMs);
  }, []);

  const unlock = useCallback(
    async (code: BadgeCode, extra?: { timeZone?: string }) => {
      const result = await unlocker.unlock(code, extra);
      if (result?.newlyUnlocked) {
        show(result.badge);
        void queryClient.invalidateQueries({ queryKey: queryKeys.badges.mine });
      }
    },
    [unlocker, show, queryClient],
  );

  useRealtimeEvent(EVENT_TYPES.badgeUnlocked, (data) => {
    const unlocked = asUserBadge(data);
    if (!unlocked) return;
    unlocker.markOwned([unlocked.badge.code]);
    queryClient.setQueryData<MyBadgesData>(queryKeys.badges.mine, (d) => withUnlockedBadge(d, unlocked));
    show(unlocked.badge);
    void queryClient.invalidateQueries({ queryKey: queryKeys.badges.mine });
  });

  // Keys: the secret sequence (arrows then B A, "UDUDLRLRBA" or its key codes) and developer tools.
  useEffect(() => {
    const detector = createSequenceDetector();
    const onKey = (e: KeyboardEvent) => {
      if (isDevToolsShortcut(e)) void unlock('developer_tools');
      if (isEditableTarget(e.target)) return;
      if (detector.push(e.key)) {
        void unlock('secret_sequence');
        void unlock('konami_code');
      }
    };
    // Keys pressed before this watcher was on the page count too (the sequence typed at once).
    for (const e of takeEarlyKeys()) onKey(e);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [unlock]);

  // Clock rules, checked locally every 60 s (no server polling): night_owl and long_listener.
  useEffect(() => {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const check = () => {
      const now = new Date();
      if (isNightOwlHour(now)) void unlock('night_owl', { timeZone });
      if (isLongListener(loadedAt, now.getTime())) void unlock('long_listener');
    };
    check();
    const id = window.setInterval(check, BADGE_CHECK_INTERVAL_MS);
    return () => window.clearInterval(id);
  }, [unlock]);

  // speed_demon from the page visits the app records; the logo and footer hooks.
  useEffect(() => {
    let timer: number | undefined;
    const check = () => {
      if (timer || unlocker.isDone('speed_demon') || !isSpeedDemon(getPageVisits(), loadedAt)) return;
      timer = window.setTimeout(() => {
        timer = undefined;
        void unlock('speed_demon');
      }, SPEED_DEMON_REPORT_DELAY_MS);
    };
    check();
    const offVisit = onPageVisit.subscribe(check);
    const offLogo = onLogoTripleClick.subscribe(() => void unlock('triple_click_logo'));
    const offFooter = onFooterSecret.subscribe(() => void unlock('secret_footer'));
    return () => {
      window.clearTimeout(timer);
      offVisit();
      offLogo();
      offFooter();
    };
  }, [unlock, unlocker]);

  return <BadgeBanner entries={entries} />;
}
