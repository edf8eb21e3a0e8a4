import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test/seeded-random';
import {
  applyPlay,
  artistKey,
  decideRotation,
  type RecentPlay,
  type RotationInput,
  type RotationPick,
  type RotationPlaylist,
  type RotationTrack,
  rotationPlaylist,
} from './rotation';
import { windowInForce } from './rotation-schedule';

/**
 * The rotation rules as property tests over 10,000 picks each, with a seeded random source (fast-check is
 * not installed here), so a failure is reproducible from its seed.
 */

let uid = 0;
function playlist(over: Partial<RotationPlaylist> & { trackIds: string[] }): RotationPlaylist {
  uid += 1;
  return rotationPlaylist({ id: `pl${uid}`, weight: 3, ...over });
}

/** `n` tracks named prefix-i, by `artists` artists (round robin). */
function makeTracks(lib: Map<string, RotationTrack>, prefix: string, n: number, artists: number): string[] {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = `${prefix}-${i}`;
    lib.set(id, { id, artist: `${prefix} artist ${i % artists}`, banned: false });
    ids.push(id);
  }
  return ids;
}

interface Sim {
  picks: (RotationPick & { at: Date })[];
}

/** Runs `count` decisions, each track lasting `stepMs`, applying each pick as the service does. */
function simulate(
  base: Omit<RotationInput, 'recent' | 'now' | 'random'>,
  opts: { count: number; start: Date; stepMs: number; seed: number },
): Sim {
  const random = seededRandom(opts.seed);
  const state = { playlists: base.playlists, recent: [] as RecentPlay[], tracks: base.tracks };
  const picks: Sim['picks'] = [];
  let t = opts.start.getTime();
  for (let i = 0; i < opts.count; i++) {
    const now = new Date(t);
    const pick = decideRotation({ ...base, playlists: state.playlists, recent: state.recent, now, random });
    if (!pick) throw new Error(`no pick at ${i}`);
    picks.push({ ...pick, at: now });
    applyPlay(state, pick, now);
    if (state.recent.length > 300) state.recent.length = 300;
    t += opts.stepMs;
  }
  return { picks };
}

const RULES = { trackRepeatMinutes: 60, artistRepeatSongs: 3 };
const START = new Date('2026-06-01T00:00:00Z');
const common = { timeZone: 'Europe/London', rules: RULES, currentShowSlotId: null };

describe('rotation: weights', () => {
  it('shares follow the weights within ±2 points over 10,000 picks (1 : 3 : 6)', () => {
    const tracks = new Map<string, RotationTrack>();
    const lists = [1, 3, 6].map((w, i) =>
      playlist({ weight: w, order: 'shuffle', trackIds: makeTracks(tracks, `w${i}`, 300, 60) }),
    );
    const { picks } = simulate(
      { ...common, playlists: lists, tracks },
      { count: 10_000, start: START, stepMs: 210_000, seed: 1 },
    );
    const share = (id: string) => picks.filter((p) => p.playlistId === id).length / picks.length;
    // Expected 0.1, 0.3, 0.6; one standard deviation is at most 0.005 at n = 10,000: ±0.02 is four.
    expect(Math.abs(share(lists[0].id) - 0.1)).toBeLessThan(0.02);
    expect(Math.abs(share(lists[1].id) - 0.3)).toBeLessThan(0.02);
    expect(Math.abs(share(lists[2].id) - 0.6)).toBeLessThan(0.02);
  });
});

describe('rotation: every N songs', () => {
  it.each([1, 4, 9])('a jingle playlist every %i songs plays exactly every N songs', (n) => {
    const tracks = new Map<string, RotationTrack>();
    const music = playlist({ trackIds: makeTracks(tracks, 'm', 500, 100) });
    const jingles = playlist({ kind: 'every_n_songs', every: n, trackIds: makeTracks(tracks, 'j', 5, 1) });
    const { picks } = simulate(
      { ...common, playlists: [music, jingles], tracks },
      { count: 10_000, start: START, stepMs: 200_000, seed: n },
    );
    const at = picks.flatMap((p, i) => (p.playlistId === jingles.id ? [i] : []));
    expect(at[0]).toBe(n);
    const gaps = at.slice(1).map((i, k) => i - at[k] - 1);
    expect(new Set(gaps)).toEqual(new Set([n]));
    expect(at.length).toBe(Math.floor((10_000 - n) / (n + 1)) + 1);
  });

  it('only music counts towards every N songs: an hourly ID neither counts nor resets, and never airs next to a jingle', () => {
    const tracks = new Map<string, RotationTrack>();
    const music = playlist({ trackIds: makeTracks(tracks, 'm', 500, 100) });
    const jingles = playlist({ kind: 'every_n_songs', every: 4, trackIds: makeTracks(tracks, 'j', 5, 1) });
    const ids = playlist({ kind: 'hourly_at', minute: 0, trackIds: makeTracks(tracks, 'id', 2, 1) });
    const { picks } = simulate(
      { ...common, playlists: [music, jingles, ids], tracks },
      { count: 5_000, start: START, stepMs: 190_000, seed: 11 },
    );
    const kindAt = (i: number) =>
      picks[i]?.playlistId === jingles.id ? 'jingle' : picks[i]?.playlistId === ids.id ? 'id' : 'music';
    const idAt = picks.flatMap((_, i) => (kindAt(i) === 'id' ? [i] : []));
    expect(idAt.length).toBeGreaterThan(200);
    for (const i of idAt) {
      expect(kindAt(i - 1)).not.toBe('jingle');
      expect(kindAt(i + 1)).not.toBe('jingle');
    }
    // Between two jingles: 4 music tracks; 5 when the ID took the jingle's turn (a song comes between).
    const jingleAt = picks.flatMap((_, i) => (kindAt(i) === 'jingle' ? [i] : []));
    let idTookTurn = 0;
    for (let k = 1; k < jingleAt.length; k++) {
      const between = picks
        .slice(jingleAt[k - 1] + 1, jingleAt[k])
        .map((_, j) => kindAt(jingleAt[k - 1] + 1 + j));
      const songs = between.filter((x) => x === 'music').length;
      if (songs === 5) {
        expect(between.at(-2)).toBe('id');
        idTookTurn += 1;
      } else expect(songs).toBe(4);
    }
    expect(idTookTurn).toBeGreaterThan(0);
    expect(idTookTurn).toBeLessThan(idAt.length);
    // The ID keeps to its hour: at most one song late (after a jingle).
    for (const i of idAt)
      expect(picks[i].at.getUTCMinutes() * 60 + picks[i].at.getUTCSeconds()).toBeLessThan(2 * 190);
  });

  it('every N minutes plays once N minutes have passed since its last', () => {
    const tracks = new Map<string, RotationTrack>();
    const music = playlist({ trackIds: makeTracks(tracks, 'm', 500, 100) });
    const ids = playlist({ kind: 'every_n_minutes', every: 30, trackIds: makeTracks(tracks, 'id', 3, 1) });
    const { picks } = simulate(
      { ...common, playlists: [music, ids], tracks },
      { count: 10_000, start: START, stepMs: 200_000, seed: 7 },
    );
    const times = picks.filter((p) => p.playlistId === ids.id).map((p) => p.at.getTime());
    for (let i = 1; i < times.length; i++) {
      const gap = times[i] - times[i - 1];
      // Due at 30 minutes; it plays at the first track boundary after (tracks last 200 s).
      expect(gap).toBeGreaterThanOrEqual(30 * 60_000);
      expect(gap).toBeLessThan(30 * 60_000 + 200_000);
    }
  });

  it('hourly_at plays once per hour, at the first track from its minute', () => {
    const tracks = new Map<string, RotationTrack>();
    const music = playlist({ trackIds: makeTracks(tracks, 'm', 500, 100) });
    const news = playlist({ kind: 'hourly_at', minute: 0, trackIds: makeTracks(tracks, 'news', 1, 1) });
    const { picks } = simulate(
      { ...common, playlists: [music, news], tracks },
      { count: 10_000, start: START, stepMs: 190_000, seed: 3 },
    );
    const hours = picks.filter((p) => p.playlistId === news.id).map((p) => p.at);
    const total = (picks.at(-1)?.at.getTime() ?? 0) - START.getTime();
    // One per hour (June: London is UTC+1, whole hours): every hour that began in the run.
    expect(hours.length).toBe(Math.floor(total / 3_600_000) + 1);
    for (const h of hours) expect(h.getUTCMinutes() * 60 + h.getUTCSeconds()).toBeLessThan(190);
  });
});

describe('rotation: repeat rules', () => {
  it('no artist within 3 songs and no track within 60 minutes, where the library allows it', () => {
    const tracks = new Map<string, RotationTrack>();
    const a = playlist({ weight: 5, trackIds: makeTracks(tracks, 'a', 80, 20) });
    const b = playlist({ weight: 2, order: 'sequential', trackIds: makeTracks(tracks, 'b', 40, 8) });
    const { picks } = simulate(
      { ...common, playlists: [a, b], tracks },
      { count: 10_000, start: START, stepMs: 180_000, seed: 11 },
    );
    for (let i = 0; i < picks.length; i++) {
      const artist = artistKey(tracks.get(picks[i].trackId)?.artist ?? '');
      for (let k = Math.max(0, i - 3); k < i; k++) {
        expect(artistKey(tracks.get(picks[k].trackId)?.artist ?? '')).not.toBe(artist);
      }
      for (let k = i - 1; k >= 0 && picks[i].at.getTime() - picks[k].at.getTime() < 60 * 60_000; k--) {
        expect(picks[k].trackId).not.toBe(picks[i].trackId);
      }
    }
  });

  it('relaxes the rules rather than fall silent: one artist, two tracks', () => {
    const tracks = new Map<string, RotationTrack>();
    const tiny = playlist({ trackIds: makeTracks(tracks, 't', 2, 1) });
    const { picks } = simulate(
      { ...common, playlists: [tiny], tracks },
      { count: 1000, start: START, stepMs: 180_000, seed: 5 },
    );
    expect(picks).toHaveLength(1000);
    // The track rule still holds when the artist rule alone has to give way.
    for (let i = 1; i < picks.length; i++) expect(picks[i].trackId).not.toBe(picks[i - 1].trackId);
  });

  it('never plays a banned song, even when nothing else is left', () => {
    const tracks = new Map<string, RotationTrack>();
    const ids = makeTracks(tracks, 'x', 10, 10);
    for (const id of ids.slice(0, 9)) tracks.set(id, { ...(tracks.get(id) as RotationTrack), banned: true });
    const { picks } = simulate(
      { ...common, playlists: [playlist({ trackIds: ids })], tracks },
      { count: 500, start: START, stepMs: 180_000, seed: 9 },
    );
    expect(new Set(picks.map((p) => p.trackId))).toEqual(new Set([ids[9]]));
    const onlyBanned = new Map([[ids[0], tracks.get(ids[0]) as RotationTrack]]);
    expect(
      decideRotation({
        ...common,
        playlists: [playlist({ trackIds: [ids[0]] })],
        tracks: onlyBanned,
        recent: [],
        now: START,
        random: Math.random,
      }),
    ).toBeNull();
  });

  it('plays from the library when no playlist has a track', () => {
    const tracks = new Map<string, RotationTrack>();
    makeTracks(tracks, 'lib', 5, 5);
    const pick = decideRotation({
      ...common,
      playlists: [],
      tracks,
      recent: [],
      now: START,
      random: Math.random,
    });
    expect(pick?.reason).toBe('library');
  });
});

describe('rotation: orders', () => {
  it('shuffle plays each track once per pass; sequential walks the list', () => {
    const tracks = new Map<string, RotationTrack>();
    const rules = { trackRepeatMinutes: 0, artistRepeatSongs: 0 };
    const sh = playlist({ order: 'shuffle', trackIds: makeTracks(tracks, 's', 25, 25) });
    const { picks } = simulate(
      { ...common, rules, playlists: [sh], tracks },
      { count: 10_000, start: START, stepMs: 180_000, seed: 13 },
    );
    for (let pass = 0; pass < 400; pass++) {
      const ids = picks.slice(pass * 25, pass * 25 + 25).map((p) => p.trackId);
      expect(new Set(ids).size).toBe(25);
    }
    const seqTracks = new Map<string, RotationTrack>();
    const seq = playlist({ order: 'sequential', trackIds: makeTracks(seqTracks, 'q', 7, 7) });
    const run = simulate(
      { ...common, rules, playlists: [seq], tracks: seqTracks },
      { count: 70, start: START, stepMs: 180_000, seed: 1 },
    );
    expect(run.picks.map((p) => p.trackId)).toEqual(Array.from({ length: 70 }, (_, i) => `q-${i % 7}`));
  });
});

describe('rotation: scheduled windows (Europe/London)', () => {
  const windowRun = (start: string, hours: number, seed: number) => {
    const tracks = new Map<string, RotationTrack>();
    const music = playlist({ trackIds: makeTracks(tracks, 'm', 300, 100) });
    // Saturday 23:00 to 03:00, over midnight.
    const night = playlist({
      kind: 'scheduled',
      schedule: [{ days: [6], start: '23:00', end: '03:00' }],
      trackIds: makeTracks(tracks, 'n', 300, 100),
    });
    const stepMs = 60_000;
    const count = (hours * 3_600_000) / stepMs;
    const { picks } = simulate(
      { ...common, playlists: [music, night], tracks },
      { count, start: new Date(start), stepMs, seed },
    );
    return { picks, night };
  };
  const inNight = (picks: (RotationPick & { at: Date })[], nightId: string, iso: string) =>
    picks.find((p) => p.at.getTime() === new Date(iso).getTime())?.playlistId === nightId;

  it('spring forward (29 March 2026): 23:00 GMT to 03:00 BST is 22:00 to 02:00 UTC... one hour shorter', () => {
    const { picks, night } = windowRun('2026-03-28T12:00:00Z', 168, 21); // 10,080 picks over a week
    for (const p of picks) {
      const t = p.at.getTime();
      const expected =
        (t >= Date.parse('2026-03-28T23:00:00Z') && t < Date.parse('2026-03-29T02:00:00Z')) ||
        (t >= Date.parse('2026-04-04T22:00:00Z') && t < Date.parse('2026-04-05T02:00:00Z'));
      expect(p.playlistId === night.id, p.at.toISOString()).toBe(expected);
    }
    expect(inNight(picks, night.id, '2026-03-29T01:59:00Z')).toBe(true);
    expect(inNight(picks, night.id, '2026-03-29T02:00:00Z')).toBe(false);
  });

  it('fall back (25 October 2026): 23:00 BST to 03:00 GMT is 22:00 to 03:00 UTC... one hour longer', () => {
    const { picks, night } = windowRun('2026-10-24T12:00:00Z', 168, 22);
    for (const p of picks) {
      const t = p.at.getTime();
      const expected =
        (t >= Date.parse('2026-10-24T22:00:00Z') && t < Date.parse('2026-10-25T03:00:00Z')) ||
        (t >= Date.parse('2026-10-31T23:00:00Z') && t < Date.parse('2026-11-01T03:00:00Z'));
      expect(p.playlistId === night.id, p.at.toISOString()).toBe(expected);
    }
  });

  it('windows: same day, over midnight, whole day', () => {
    expect(windowInForce({ days: [1], start: '09:00', end: '12:00' }, 1, 9 * 60)).toBe(true);
    expect(windowInForce({ days: [1], start: '09:00', end: '12:00' }, 1, 12 * 60)).toBe(false);
    expect(windowInForce({ days: [5], start: '22:00', end: '02:00' }, 6, 60)).toBe(true);
    expect(windowInForce({ days: [5], start: '22:00', end: '02:00' }, 5, 60)).toBe(false);
    expect(windowInForce({ days: [6], start: '22:00', end: '02:00' }, 0, 90)).toBe(true);
    expect(windowInForce({ days: [3], start: '00:00', end: '00:00' }, 3, 1439)).toBe(true);
  });

  it('a playlist bound to a show plays during that show and replaces the rotation', () => {
    const tracks = new Map<string, RotationTrack>();
    const music = playlist({ trackIds: makeTracks(tracks, 'm', 50, 50) });
    const show = playlist({
      kind: 'scheduled',
      showSlotId: 'slot-1',
      trackIds: makeTracks(tracks, 's', 50, 50),
    });
    const base = {
      ...common,
      playlists: [music, show],
      tracks,
      recent: [],
      now: START,
      random: seededRandom(1),
    };
    expect(decideRotation({ ...base, currentShowSlotId: 'slot-1' })?.playlistId).toBe(show.id);
    expect(decideRotation({ ...base, currentShowSlotId: 'slot-2' })?.playlistId).toBe(music.id);
  });
});
