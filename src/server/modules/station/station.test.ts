import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../../shared/events';
import { zonedParts } from '../../../shared/time';
import type { TrackChange } from '../../integrations/radio/types';
import { appForFile } from '../../test/app-for-file';
import { openStream } from '../../test/sse-client';
import { Client, type Member, memberWith, signUpMember } from '../../test/test-app';
import { nowPlayingSlot } from './now-playing.service';
import { generateCredentials } from './station.service';

const t = appForFile({ scripted: true, listen: true });

/** A slot of `presenter` covering the whole day in the station's zone (default Europe/London): on air now. */
const bookAllDay = (presenter: Member, show: { showName: string; description?: string }) =>
  t.admin.post('/api/schedule/slots', {
    presenterId: presenter.userId,
    dayOfWeek: zonedParts(new Date(), 'Europe/London').dayOfWeek,
    startTime: '00:00',
    endTime: '00:00',
    ...show,
  });

/** Now playing as a visitor reads it, once the station's reports so far are taken in. */
const settledNowPlaying = async () => {
  await nowPlayingSlot.of(t.app.ctx).idle();
  return (await new Client(t.app).get('/api/now-playing')).json();
};

const track = (title: string, sequence: number, extra: Partial<TrackChange> = {}) =>
  t.backend.playTrack(title, 'The Night Owls', sequence, { album: 'After Hours', ...extra });

// One story in steps: each report's play counter and history follow from the step before.
describe('now playing', { shuffle: false }, () => {
  it('is pushed to every listener the moment it changes and served with an ETag and open CORS', async () => {
    expect(t.backend.sink).not.toBeNull(); // started when the app began listening
    const listener = openStream(t.base);
    await listener.opened;
    await track('Midnight Drive', 100);
    const e = await listener.waitFor(EVENT_TYPES.nowPlayingChanged);
    expect(e.data).toMatchObject({
      nowPlaying: { song: { title: 'Midnight Drive', art: '/station-art.svg' }, source: 'autodj' },
    });
    listener.close();

    const c = new Client(t.app);
    const res = await c.get('/api/now-playing');
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.json().nowPlaying.song.title).toBe('Midnight Drive');
    const again = await c.get('/api/now-playing', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('drops duplicate and out-of-order reports, records each play once and keeps the history', async () => {
    await track('Neon Rain', 200);
    await track('Neon Rain', 200);
    await track('Old News', 150);
    const np = await settledNowPlaying();
    expect(np.nowPlaying.song.title).toBe('Neon Rain');
    expect(np.history[0].song.title).toBe('Midnight Drive');
    const { rows } = await t.dbh.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM song_plays p JOIN songs s ON s.id = p.song_id WHERE s.title = 'Neon Rain'`,
    );
    expect(rows[0].n).toBe(1);
    expect(
      (await new Client(t.app).get('/api/songs/most-played'))
        .json()
        .songs.map((s: { title: string }) => s.title),
    ).not.toContain('Old News');
  });

  it('shows the live presenter with their show, and AutoDJ again when they leave', async () => {
    const jade = await memberWith(t, 'presenter', [], 'Jade Okafor');
    const creds = (await jade.post('/api/station/my-credentials')).json();
    await bookAllDay(jade, { showName: 'Jade After Dark', description: 'Deep cuts' });
    await t.backend.sink!.liveChanged({ isLive: true, streamerName: creds.username });
    await track('Live show', 300, { source: 'live', streamerName: creds.username });
    const np = await settledNowPlaying();
    expect(np.live).toMatchObject({
      isLive: true,
      streamerName: 'Jade Okafor',
      presenter: { id: jade.userId, name: 'Jade Okafor' },
      show: { showName: 'Jade After Dark', description: 'Deep cuts' },
    });
    expect(np.nowPlaying.source).toBe('live');
    const { rows } = await t.dbh.query<{ played_by: string }>(
      `SELECT played_by FROM song_plays WHERE play_source = 'live' ORDER BY played_at DESC LIMIT 1`,
    );
    expect(rows[0].played_by).toBe(jade.userId);
    await t.backend.sink!.liveChanged({ isLive: false, streamerName: null });
    expect((await settledNowPlaying()).live.isLive).toBe(false);
  });

  it('names an untitled live track by the show and the presenter, never the streaming account', async () => {
    const nova = await memberWith(t, 'presenter', [], 'Nova Reyes');
    const creds = (await nova.post('/api/station/my-credentials')).json();
    expect(creds.username).toMatch(/^presenter-\d{4}$/);
    await bookAllDay(nova, { showName: 'Nova Nights' });
    await t.backend.sink!.liveChanged({ isLive: true, streamerName: creds.username });
    // What the engine reports for a DJ whose software sends no title.
    await track('Live show', 400, { source: 'live', streamerName: creds.username, artist: creds.username });
    const np = await settledNowPlaying();
    expect(np.nowPlaying.song).toMatchObject({ artist: 'Nova Reyes' });
    expect(['Nova Nights', 'Jade After Dark']).toContain(np.nowPlaying.song.title);
    expect(JSON.stringify(np)).not.toContain(creds.username);
    // A DJ who sends a real title and artist keeps them.
    await track('Sunrise', 401, { source: 'live', streamerName: creds.username, artist: 'Kora' });
    const after = await settledNowPlaying();
    expect(after.nowPlaying.song).toMatchObject({ title: 'Sunrise', artist: 'Kora' });
    await t.backend.sink!.liveChanged({ isLive: false, streamerName: null });
    await nowPlayingSlot.of(t.app.ctx).idle();
  });

  it('reports the listener count with a small event of its own', async () => {
    const s = openStream(t.base);
    await s.opened;
    await t.backend.sink!.listenersChanged(42);
    const e = await s.waitFor(EVENT_TYPES.listenersChanged);
    expect(e.data).toEqual({ total: 42 });
    s.close();
    expect((await settledNowPlaying()).listeners.total).toBe(42);
  });
});

describe('radio control and streaming accounts', () => {
  it('runs skip, disconnect and restart for admins, with the exact success text', async () => {
    const res = await t.admin.post('/api/station/commands/skip');
    expect(res.json()).toEqual({ message: 'Stream skip successful!' });
    await t.admin.post('/api/station/commands/disconnect');
    expect(t.backend.commands).toEqual(['skip', 'disconnect']);
    expect((await t.admin.post('/api/station/commands/explode')).statusCode).toBe(400);
    const presenter = await memberWith(t, 'presenter');
    expect((await presenter.post('/api/station/commands/skip')).statusCode).toBe(403);
    const status = (await t.admin.get('/api/station/status')).json();
    expect(status).toMatchObject({ configured: true, supports: { commands: true } });
  });

  it('generates presenter credentials in their fixed format, shown once, regenerable', async () => {
    for (let i = 0; i < 50; i++) {
      const c = generateCredentials();
      expect(c.username).toMatch(/^presenter-\d{4}$/);
      expect(c.password).toMatch(/^[A-Z0-9]{8}$/);
    }
    const p = await memberWith(t, 'presenter', [], 'Marcus Bell');
    expect((await p.get('/api/station/my-credentials')).json()).toMatchObject({
      username: null,
      password: null,
    });
    const first = (await p.post('/api/station/my-credentials')).json();
    expect(first.username).toMatch(/^presenter-\d{4}$/);
    expect(first.password).toMatch(/^[A-Z0-9]{8}$/);
    expect(first.connection).toMatchObject({ port: 8005, mount: '/live' });
    const shown = (await p.get('/api/station/my-credentials')).json();
    expect(shown).toMatchObject({ username: first.username, password: null });
    const second = (await p.post('/api/station/my-credentials')).json();
    expect(second.username).toBe(first.username);
    expect(second.password).not.toBe(first.password);
    const member = await signUpMember(t.app, 'Not a presenter');
    expect((await member.post('/api/station/my-credentials')).statusCode).toBe(403);
  });

  it('creates a streaming account when an t.admin promotes a member to presenter', async () => {
    const m = await signUpMember(t.app, 'Newly Promoted');
    const before = t.backend.accounts.size;
    const res = await t.admin.patch(`/api/users/${m.userId}/role`, { role: 'presenter' });
    expect(res.json()).toMatchObject({ user: { role: 'presenter' }, notice: null });
    expect(t.backend.accounts.size).toBe(before + 1);
    expect((await m.get('/api/station/my-credentials')).json().username).toMatch(/^presenter-\d{4}$/);
  });

  it('keeps the engine callbacks for the engine only', async () => {
    const c = new Client(t.app);
    expect((await c.post('/api/station/engine/auth', { user: 'x', password: 'y' })).statusCode).toBe(403);
    expect((await c.post('/api/station/engine/event', { type: 'track' })).statusCode).toBe(403);
    // With the token, a station that does not run the built-in engine says so.
    const withToken = await c.request(
      'POST',
      '/api/station/engine/auth',
      { user: 'x', password: 'y' },
      {
        'x-engine-token': t.app.ctx.station.engineToken,
      },
    );
    expect(withToken.statusCode).toBe(404);
  });
});
