import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  createTestApp,
  type Member,
  memberWith,
  signUpMember,
  type TestApp,
} from '../../test/test-app';
import { chartWeek, generateChart } from './chart.service';
import { recordPlay, upsertSong } from './songs.service';

let t: TestApp;
let admin: Member;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpMember(t.app, 'Admin');
});
afterAll(async () => t.close());

async function play(title: string, artist: string, at: Date) {
  const s = await upsertSong(t.app.ctx.db, { title, artist });
  await recordPlay(t.app.ctx.db, {
    songId: s.id,
    source: 'autodj',
    playedBy: null,
    streamerName: null,
    playedAt: at,
  });
  return s;
}

describe('likes', () => {
  it('needs a login, with the spec text', async () => {
    const res = await new Client(t.app).post('/api/likes/toggle', { title: 'A', artist: 'B' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Login to like songs');
  });

  it('toggles: liking inserts, tapping again removes; the user’s liked set follows', async () => {
    const m = await signUpMember(t.app, 'Fan');
    const first = (
      await m.post('/api/likes/toggle', { title: 'Midnight Drive', artist: 'The Night Owls' })
    ).json();
    expect(first).toMatchObject({ liked: true, likeCount: 1 });
    // Same song whatever the case.
    expect((await m.get('/api/likes')).json().songIds).toEqual([first.songId]);
    const again = (
      await m.post('/api/likes/toggle', { title: 'midnight drive', artist: 'the night owls' })
    ).json();
    expect(again).toMatchObject({ liked: false, likeCount: 0, songId: first.songId });
    expect((await m.get('/api/likes')).json().songIds).toEqual([]);
  });
});

describe('most liked and most played', () => {
  it('ranks songs with likes > 0 or plays > 0, searchable, up to 100', async () => {
    const c = new Client(t.app);
    expect((await c.get('/api/songs/most-liked')).json().songs).toEqual([]);
    const now = new Date();
    await play('Solar Flare', 'Neon Coast', now);
    await play('Solar Flare', 'Neon Coast', now);
    await play('Blue Hour', 'Lumen', now);
    const fans = [await signUpMember(t.app, 'F1'), await signUpMember(t.app, 'F2')];
    for (const f of fans) await f.post('/api/likes/toggle', { title: 'Blue Hour', artist: 'Lumen' });
    await fans[0].post('/api/likes/toggle', { title: 'Solar Flare', artist: 'Neon Coast' });

    const liked = (await c.get('/api/songs/most-liked')).json().songs;
    expect(liked.map((s: { title: string }) => s.title)).toEqual(['Blue Hour', 'Solar Flare']);
    expect(liked[0]).toMatchObject({ likeCount: 2, playCount: 1 });
    const played = (await c.get('/api/songs/most-played')).json().songs;
    expect(played[0]).toMatchObject({ title: 'Solar Flare', playCount: 2 });
    expect(
      (await c.get('/api/songs/most-played?q=lum')).json().songs.map((s: { title: string }) => s.title),
    ).toEqual(['Blue Hour']);
    expect((await c.get('/api/songs/most-played?q=%25')).json().songs).toEqual([]);
  });
});

describe('weekly chart', () => {
  it('weeks run Monday to Sunday in the station’s zone', () => {
    const w = chartWeek(new Date('2026-11-18T12:00:00Z'), 'Europe/London'); // a Wednesday
    expect(w.weekEnding).toBe('2026-11-22');
    expect(w.start.toISOString()).toBe('2026-11-16T00:00:00.000Z');
  });

  it('is generated from the week’s plays with positions, movement and weeks in chart', async () => {
    const c = new Client(t.app);
    // Last week: Alpha > Beta. This week: Beta > Alpha > Gamma.
    const lastWeek = new Date('2026-11-11T12:00:00Z');
    for (let i = 0; i < 3; i++) await play('Alpha', 'A', lastWeek);
    for (let i = 0; i < 2; i++) await play('Beta', 'B', lastWeek);
    await generateChart(t.app.ctx, new Date('2026-11-15T22:00:00Z'));
    const thisWeek = new Date('2026-11-17T12:00:00Z');
    for (let i = 0; i < 4; i++) await play('Beta', 'B', thisWeek);
    for (let i = 0; i < 2; i++) await play('Alpha', 'A', thisWeek);
    await play('Gamma', 'G', thisWeek);

    const chart = await generateChart(t.app.ctx, new Date('2026-11-18T12:00:00Z'));
    expect(chart.weekEnding).toBe('2026-11-22');
    const byTitle = Object.fromEntries(chart.entries.map((e) => [e.songTitle, e]));
    expect(byTitle.Beta).toMatchObject({
      chartPosition: 1,
      playCount: 4,
      positionChange: 1,
      weeksInChart: 2,
      isNew: false,
    });
    expect(byTitle.Alpha).toMatchObject({ chartPosition: 2, positionChange: -1, weeksInChart: 2 });
    expect(byTitle.Gamma).toMatchObject({
      chartPosition: 3,
      positionChange: 0,
      weeksInChart: 1,
      isNew: true,
    });
    expect((await c.get('/api/chart')).json().entries).toHaveLength(chart.entries.length);
  });

  it('is generated on demand by admins and managers only', async () => {
    const member = await signUpMember(t.app, 'Listener');
    expect((await member.post('/api/chart/generate')).statusCode).toBe(403);
    const manager = await memberWith(t, 'user', ['manager']);
    expect((await manager.post('/api/chart/generate')).statusCode).toBe(200);
    expect((await admin.post('/api/chart/generate')).statusCode).toBe(200);
  });

  it('answers an empty chart before any generation', async () => {
    const fresh = await createTestApp();
    try {
      expect((await new Client(fresh.app).get('/api/chart')).json()).toEqual({
        weekEnding: null,
        entries: [],
      });
    } finally {
      await fresh.close();
    }
  });
});
