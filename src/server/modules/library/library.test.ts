import { describe, expect, it } from 'vitest';
import { appForFile } from '../../test/app-for-file';
import { playedByAutoDj } from '../../test/fixtures/library';
import { Client, createTestApp, memberWith, signUpMember } from '../../test/test-app';
import { chartWeek, generateChart } from './chart.service';
import { upsertSong } from './songs.service';

const t = appForFile({ admin: 'Admin' });

const play = (title: string, artist: string, at: Date) =>
  playedByAutoDj(t.app.ctx.db, { title, artist }, [at]);

describe('likes', () => {
  it('needs a login, with the exact text', async () => {
    const s = await upsertSong(t.app.ctx.db, { title: 'A', artist: 'B' });
    const res = await new Client(t.app).post('/api/likes/toggle', { songId: s.id });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Login to like songs');
  });

  it('toggles a song the station knows, by id: liking inserts, tapping again removes', async () => {
    const m = await signUpMember(t.app, 'Fan');
    const song = await play('Midnight Drive', 'The Night Owls', new Date());
    const first = (await m.post('/api/likes/toggle', { songId: song.id })).json();
    expect(first).toMatchObject({ liked: true, likeCount: 1, songId: song.id });
    expect((await m.get('/api/likes')).json().songIds).toEqual([song.id]);
    const again = (await m.post('/api/likes/toggle', { songId: song.id })).json();
    expect(again).toMatchObject({ liked: false, likeCount: 0, songId: song.id });
    expect((await m.get('/api/likes')).json().songIds).toEqual([]);
  });

  it('never takes song data from the client: unknown songs, titles and pictures are refused', async () => {
    const m = await signUpMember(t.app, 'Planter');
    const known = await play('No Art Yet', 'Quiet Band', new Date());
    const songsBefore = (await t.dbh.query<{ n: number }>('SELECT count(*)::int AS n FROM songs')).rows[0].n;
    const planted = await m.post('/api/likes/toggle', {
      title: 'Buy My Stuff',
      artist: 'Spammer',
      art: 'https://evil.example/pixel.png',
    });
    expect(planted.statusCode).toBe(400);
    const withArt = await m.post('/api/likes/toggle', {
      songId: known.id,
      title: 'No Art Yet',
      artist: 'Quiet Band',
      art: 'https://evil.example/pixel.png',
    });
    expect(withArt.statusCode).toBe(400);
    const unknown = await m.post('/api/likes/toggle', { songId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Song not found');
    expect((await m.post('/api/likes/toggle', { songId: 'not-an-id' })).statusCode).toBe(400);
    const { rows } = await t.dbh.query<{ n: number; art: string | null }>(
      `SELECT (SELECT count(*)::int FROM songs) AS n, (SELECT spotify_art_url FROM songs WHERE id = $1) AS art`,
      [known.id],
    );
    expect(rows[0]).toEqual({ n: songsBefore, art: null });
    expect((await new Client(t.app).get('/api/songs/most-liked')).json().songs).toEqual([]);
  });
});

describe('most liked and most played', () => {
  it('ranks songs with likes > 0 or plays > 0, searchable, up to 100', async () => {
    const c = new Client(t.app);
    expect((await c.get('/api/songs/most-liked')).json().songs).toEqual([]);
    const now = new Date();
    const solar = await play('Solar Flare', 'Neon Coast', now);
    await play('Solar Flare', 'Neon Coast', now);
    const blue = await play('Blue Hour', 'Lumen', now);
    const fans = [await signUpMember(t.app, 'F1'), await signUpMember(t.app, 'F2')];
    for (const f of fans) await f.post('/api/likes/toggle', { songId: blue.id });
    await fans[0].post('/api/likes/toggle', { songId: solar.id });

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

  it('counts only consecutive weeks: a song back after a missing week starts again at one', async () => {
    const later = new Date('2031-01-01T00:00:00Z'); // every week below is over by then
    const gen = (at: string) => generateChart(t.app.ctx, new Date(at), later);
    await play('Delta', 'D', new Date('2030-01-08T12:00:00Z')); // week ending 2030-01-13
    expect((await gen('2030-01-08T12:00:00Z')).entries[0]).toMatchObject({
      songTitle: 'Delta',
      weeksInChart: 1,
    });
    // No chart for the week ending 2030-01-20; Delta is back the week after.
    await play('Delta', 'D', new Date('2030-01-22T12:00:00Z'));
    const back = await gen('2030-01-22T12:00:00Z');
    expect(back.weekEnding).toBe('2030-01-27');
    expect(back.entries[0]).toMatchObject({
      songTitle: 'Delta',
      weeksInChart: 1,
      isNew: true,
      positionChange: 0,
    });
    // The week straight after continues the run.
    await play('Delta', 'D', new Date('2030-01-29T12:00:00Z'));
    const next = await gen('2030-01-29T12:00:00Z');
    expect(next.entries[0]).toMatchObject({ songTitle: 'Delta', weeksInChart: 2, isNew: false });
  });

  it('is generated on demand by admins and managers only', async () => {
    const member = await signUpMember(t.app, 'Listener');
    expect((await member.post('/api/chart/generate')).statusCode).toBe(403);
    const manager = await memberWith(t, 'user', ['manager']);
    expect((await manager.post('/api/chart/generate')).statusCode).toBe(200);
    expect((await t.admin.post('/api/chart/generate')).statusCode).toBe(200);
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
