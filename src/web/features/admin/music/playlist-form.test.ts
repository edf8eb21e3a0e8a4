import { PlaylistInput } from '@shared/contracts/media';
import { describe, expect, it } from 'vitest';
import { moved } from './components/playlist-tracks';
import {
  describePlaylist,
  describeWindow,
  draftFromPlaylist,
  draftToInput,
  emptyDraft,
  formatDuration,
} from './playlist-form';

describe('playlist form', () => {
  it('sends only the fields of the chosen kind, in a shape the API accepts', () => {
    const d = { ...emptyDraft(), name: '  Jingles ', kind: 'every_n_songs' as const, every: 4, minute: 30 };
    const input = draftToInput(d);
    expect(input).toMatchObject({
      name: 'Jingles',
      kind: 'every_n_songs',
      every: 4,
      minute: null,
      schedule: [],
    });
    expect(PlaylistInput.safeParse(input).success).toBe(true);
    const news = draftToInput({ ...emptyDraft(), name: 'News', kind: 'hourly_at', minute: 0, every: 9 });
    expect(news).toMatchObject({ minute: 0, every: null, showSlotId: null });
    const night = draftToInput({
      ...emptyDraft(),
      name: 'Night',
      kind: 'scheduled',
      schedule: [{ days: [5, 6], start: '23:00', end: '03:00' }],
      showSlotId: '',
    });
    expect(night.schedule).toHaveLength(1);
    expect(night.showSlotId).toBeNull();
    expect(PlaylistInput.safeParse(night).success).toBe(true);
  });

  it('round-trips a saved playlist through the form', () => {
    const saved = {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Drive',
      kind: 'rotation' as const,
      weight: 7,
      every: null,
      minute: null,
      schedule: [],
      showSlotId: null,
      order: 'sequential' as const,
      enabled: false,
      transition: 'crossfade' as const,
      crossfadeSeconds: null,
      trackCount: 3,
      createdAt: '',
      updatedAt: '',
    };
    expect(draftToInput(draftFromPlaylist(saved))).toMatchObject({
      name: 'Drive',
      weight: 7,
      order: 'sequential',
      enabled: false,
    });
  });

  it('describes what each kind does, windows over midnight included', () => {
    const base = {
      weight: 3,
      every: null,
      minute: null,
      schedule: [],
      order: 'shuffle' as const,
      showSlotId: null,
    };
    expect(describePlaylist({ ...base, kind: 'rotation', weight: 12 })).toBe(
      'Rotation, weight 12 · Shuffled',
    );
    expect(describePlaylist({ ...base, kind: 'every_n_songs', every: 1 })).toBe('Every 1 song · Shuffled');
    expect(describePlaylist({ ...base, kind: 'hourly_at', minute: 5, order: 'random' })).toBe(
      'At :05 past each hour · Random',
    );
    expect(describeWindow({ days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' })).toBe(
      'Mon–Fri 09:00–17:00',
    );
    expect(describeWindow({ days: [6, 5], start: '23:00', end: '03:00' })).toBe(
      'Fri, Sat 23:00–03:00 (over midnight)',
    );
    expect(describeWindow({ days: [0, 1, 2, 3, 4, 5, 6], start: '00:00', end: '00:00' })).toBe(
      'Every day, all day',
    );
    expect(
      describePlaylist(
        {
          ...base,
          kind: 'scheduled',
          showSlotId: 'x',
          schedule: [{ days: [0, 1, 2, 3, 4, 5, 6], start: '00:00', end: '06:00' }],
        },
        'Night Owls',
      ),
    ).toBe('Scheduled: Every day 00:00–06:00; during Night Owls · Shuffled');
  });

  it('moves tracks up and down, and formats durations', () => {
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(formatDuration(185_000)).toBe('3:05');
  });

  it('carries the transition: a crossfade of its own, the station’s when empty, or a jingle', () => {
    const d = { ...emptyDraft(), name: 'Idents' };
    expect(draftToInput(d)).toMatchObject({ transition: 'crossfade', crossfadeSeconds: null });
    expect(draftToInput({ ...d, crossfadeSeconds: '4.5' })).toMatchObject({ crossfadeSeconds: 4.5 });
    expect(draftToInput({ ...d, transition: 'jingle' })).toMatchObject({ transition: 'jingle' });
  });
});
