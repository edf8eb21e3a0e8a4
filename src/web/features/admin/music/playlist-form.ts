import type {
  Playlist,
  PlaylistInput,
  PlaylistKind,
  PlaylistTransition,
  PlayOrder,
  ScheduleWindow,
} from '@shared/contracts/media';
import { PLAYLIST_KIND_LABELS } from '@shared/contracts/media';

/** The playlist form's state and how it becomes the API's input (only the fields the kind uses). */

export const DAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const ORDER_LABELS: Record<PlayOrder, string> = {
  random: 'Random',
  shuffle: 'Shuffled',
  sequential: 'In order',
};

export interface PlaylistDraft {
  name: string;
  kind: PlaylistKind;
  weight: number;
  every: number;
  minute: number;
  schedule: ScheduleWindow[];
  showSlotId: string;
  order: PlayOrder;
  enabled: boolean;
  transition: PlaylistTransition;
  /** Seconds as typed; empty: the station's crossfade. */
  crossfadeSeconds: string;
}

/** A new window starts empty: the operator picks its days and times (docs/product/media-library-and-autodj.md). */
export const newWindow = (): ScheduleWindow => ({ days: [], start: '', end: '' });

export function emptyDraft(): PlaylistDraft {
  return {
    name: '',
    kind: 'rotation',
    weight: 3,
    every: 4,
    minute: 0,
    schedule: [],
    showSlotId: '',
    order: 'shuffle',
    enabled: true,
    transition: 'crossfade',
    crossfadeSeconds: '',
  };
}

export function draftFromPlaylist(p: Playlist): PlaylistDraft {
  return {
    name: p.name,
    kind: p.kind,
    weight: p.weight,
    every: p.every ?? 4,
    minute: p.minute ?? 0,
    schedule: p.schedule,
    showSlotId: p.showSlotId ?? '',
    order: p.order,
    enabled: p.enabled,
    transition: p.transition,
    crossfadeSeconds: p.crossfadeSeconds === null ? '' : String(p.crossfadeSeconds),
  };
}

/** The API input for the draft: fields of other kinds are cleared so the server sees one kind's rules. */
export function draftToInput(d: PlaylistDraft): PlaylistInput {
  const base = { name: d.name.trim(), kind: d.kind, order: d.order, enabled: d.enabled, weight: d.weight };
  const every = d.kind === 'every_n_songs' || d.kind === 'every_n_minutes' ? d.every : null;
  const minute = d.kind === 'hourly_at' ? d.minute : null;
  const scheduled = d.kind === 'scheduled';
  return {
    ...base,
    every,
    minute,
    schedule: scheduled ? d.schedule : [],
    showSlotId: scheduled && d.showSlotId ? d.showSlotId : null,
    transition: d.transition,
    crossfadeSeconds: d.crossfadeSeconds.trim() === '' ? null : Number(d.crossfadeSeconds),
  };
}

const overMidnight = (w: ScheduleWindow) => w.end <= w.start;

/** "Mon–Fri 09:00–17:00", "Fri, Sat 23:00–03:00 (over midnight)", "Every day, all day". */
export function describeWindow(w: ScheduleWindow): string {
  const days = [...w.days].sort((a, b) => a - b);
  const run = days.length > 2 && days.every((d, i) => i === 0 || d === days[i - 1] + 1);
  const dayText =
    days.length === 7
      ? 'Every day'
      : run
        ? `${DAY_SHORT[days[0]]}–${DAY_SHORT[days[days.length - 1]]}`
        : days.map((d) => DAY_SHORT[d]).join(', ');
  // Equal start and end mean the whole day (rotation-schedule.ts).
  if (w.start === w.end) return `${dayText}, all day`;
  return `${dayText} ${w.start}–${w.end}${overMidnight(w) ? ' (over midnight)' : ''}`;
}

/** One line on what the playlist does, for the list. */
export function describePlaylist(
  p: Pick<Playlist, 'kind' | 'weight' | 'every' | 'minute' | 'schedule' | 'order' | 'showSlotId'>,
  showName?: string,
): string {
  const order = ORDER_LABELS[p.order];
  switch (p.kind) {
    case 'rotation':
      return `Rotation, weight ${p.weight} · ${order}`;
    case 'every_n_songs':
      return `Every ${p.every} ${p.every === 1 ? 'song' : 'songs'} · ${order}`;
    case 'every_n_minutes':
      return `Every ${p.every} ${p.every === 1 ? 'minute' : 'minutes'} · ${order}`;
    case 'hourly_at':
      return `At :${String(p.minute ?? 0).padStart(2, '0')} past each hour · ${order}`;
    case 'scheduled': {
      const parts = p.schedule.map(describeWindow);
      if (p.showSlotId) parts.push(`during ${showName ?? 'its show'}`);
      return `Scheduled: ${parts.join('; ')} · ${order}`;
    }
  }
}

export const kindLabel = (k: PlaylistKind) => PLAYLIST_KIND_LABELS[k];

export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
