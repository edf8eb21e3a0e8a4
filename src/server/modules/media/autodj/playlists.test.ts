import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { appForFile } from '../../../test/app-for-file';
import { insertTracks } from '../../../test/fixtures/media';
import { Client, type Member, memberWith, signUpMember } from '../../../test/test-app';
import { decideNextTrack } from './next-track.service';

const t = appForFile({ scripted: true, admin: 'Music Admin' });
let manager: Member;
let member: Member;
let tracksA: string[];
let tracksB: string[];

beforeAll(async () => {
  // The Radio Manager role's template carries manage_playlists.
  manager = await memberWith(t, 'radio_manager');
  member = await signUpMember(t.app, 'Plain Member');
  tracksA = await insertTracks(t.dbh, 30, { prefix: 'Alpha' });
  tracksB = await insertTracks(t.dbh, 30, { prefix: 'Bravo' });
});

const rotation = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  kind: 'rotation',
  weight: 5,
  enabled: true,
  ...over,
});

describe('playlists API: access', () => {
  it('admins and holders of manage_playlists only; others 403, anonymous 401', async () => {
    expect((await member.get('/api/media/playlists')).statusCode).toBe(403);
    expect((await member.post('/api/media/playlists', rotation('Nope'))).statusCode).toBe(403);
    expect((await member.get('/api/media/queue')).statusCode).toBe(403);
    expect((await member.post('/api/media/queue/skip')).statusCode).toBe(403);
    expect((await member.patch('/api/media/settings', { crossfadeSeconds: 5 })).statusCode).toBe(403);
    expect((await new Client(t.app).get('/api/media/playlists')).statusCode).toBe(401);
    expect((await manager.get('/api/media/playlists')).statusCode).toBe(200);
    const { rows } = await t.dbh.query("SELECT 1 FROM media_playlists WHERE name = 'Nope'");
    expect(rows).toHaveLength(0);
  });
});

describe('playlists API: validation', () => {
  const refused = async (body: Record<string, unknown>, message: RegExp) => {
    const res = await t.admin.post('/api/media/playlists', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(message);
  };
  it('each kind needs its fields, with a message that says which', async () => {
    await refused({ name: 'J', kind: 'every_n_songs', enabled: true }, /needs every/);
    await refused({ name: 'J', kind: 'every_n_minutes', enabled: true }, /needs every/);
    await refused({ name: 'N', kind: 'hourly_at', enabled: true }, /needs minute/);
    await refused({ name: 'S', kind: 'scheduled', enabled: true }, /needs a schedule/);
    await refused({ name: 'S', kind: 'rotation', weight: 0, enabled: true }, /Weight is 1 to 25/);
    await refused({ name: 'S', kind: 'rotation', weight: 26, enabled: true }, /Weight is 1 to 25/);
    await refused({ name: 'N', kind: 'hourly_at', minute: 60, enabled: true }, /Minute is 0 to 59/);
    await refused(
      {
        name: 'S',
        kind: 'scheduled',
        schedule: [{ days: [1], start: '25:00', end: '02:00' }],
        enabled: true,
      },
      /Start must be HH:MM/,
    );
    await refused(
      {
        name: 'S',
        kind: 'scheduled',
        schedule: [{ days: [7], start: '22:00', end: '02:00' }],
        enabled: true,
      },
      /Days are 0/,
    );
    await refused(
      { name: 'S', kind: 'scheduled', showSlotId: '00000000-0000-4000-8000-000000000000', enabled: true },
      /not in the timetable/,
    );
    await refused({ name: 'R', kind: 'rotation', order: 'alphabetical', enabled: true }, /./);
    const { rows } = await t.dbh.query(
      "SELECT count(*)::int AS n FROM media_playlists WHERE name IN ('J', 'N', 'S', 'R')",
    );
    expect(rows[0]).toEqual({ n: 0 });
  });
});

// One story in steps: each step works on the playlist the first one made.
describe('playlists API: CRUD', { shuffle: false }, () => {
  let id: string;
  it('creates (201), lists with the track count, refuses a second of the same name (409)', async () => {
    const res = await manager.post('/api/media/playlists', rotation('Daytime', { order: 'sequential' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().playlist).toMatchObject({
      name: 'Daytime',
      kind: 'rotation',
      weight: 5,
      trackCount: 0,
    });
    id = res.json().playlist.id;
    expect((await t.admin.post('/api/media/playlists', rotation('daytime'))).statusCode).toBe(409);
    const night = await t.admin.post('/api/media/playlists', {
      name: 'Late night',
      kind: 'scheduled',
      schedule: [{ days: [5, 6], start: '23:00', end: '03:00' }],
      enabled: false,
    });
    expect(night.statusCode).toBe(201);
    expect(night.json().playlist.schedule).toEqual([{ days: [5, 6], start: '23:00', end: '03:00' }]);
  });

  it('replaces the tracks in the given order; refuses unknown tracks, changing nothing', async () => {
    const order = [tracksA[2], tracksA[0], tracksA[1]];
    const res = await t.admin.put(`/api/media/playlists/${id}/tracks`, { trackIds: order });
    expect(res.statusCode).toBe(200);
    expect(res.json().trackIds).toEqual(order);
    const bad = await t.admin.put(`/api/media/playlists/${id}/tracks`, {
      trackIds: [tracksA[3], '00000000-0000-4000-8000-000000000000'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('One track is not in the library');
    expect((await t.admin.get(`/api/media/playlists/${id}`)).json().trackIds).toEqual(order);
    const list = (await t.admin.get('/api/media/playlists')).json().playlists;
    expect(list.find((p: { id: string }) => p.id === id).trackCount).toBe(3);
  });

  it('patches with the merged fields checked; deletes', async () => {
    const ok = await t.admin.patch(`/api/media/playlists/${id}`, { weight: 12, name: 'Daytime mix' });
    expect(ok.json().playlist).toMatchObject({ weight: 12, name: 'Daytime mix', trackCount: 3 });
    const bad = await t.admin.patch(`/api/media/playlists/${id}`, { kind: 'hourly_at' });
    expect(bad.statusCode).toBe(400);
    expect((await t.admin.get(`/api/media/playlists/${id}`)).json().playlist.kind).toBe('rotation');
    expect((await t.admin.delete(`/api/media/playlists/${id}`)).statusCode).toBe(200);
    expect((await t.admin.get(`/api/media/playlists/${id}`)).statusCode).toBe(404);
    expect((await t.admin.delete(`/api/media/playlists/${id}`)).statusCode).toBe(404);
    expect((await t.admin.patch('/api/media/playlists/not-a-uuid', { weight: 2 })).statusCode).toBe(404);
  });
});

// One story in steps, on the queue the first step fills.
describe('AutoDJ queue', { shuffle: false }, () => {
  let a: string;
  let b: string;
  it('shows the next 5 decisions; the engine gets the head, and the queue moves up', async () => {
    await t.dbh.query('DELETE FROM media_plays');
    a = (await t.admin.post('/api/media/playlists', rotation('Queue A', { order: 'sequential' }))).json()
      .playlist.id;
    await t.admin.put(`/api/media/playlists/${a}/tracks`, { trackIds: tracksA });
    const q = (await manager.get('/api/media/queue')).json().upcoming;
    expect(q).toHaveLength(5);
    expect(q.map((i: { trackId: string }) => i.trackId)).toEqual(tracksA.slice(0, 5));
    expect(q[0]).toMatchObject({ title: expect.stringMatching(/^Alpha /), playlist: 'Queue A' });
    const next = await decideNextTrack(t.app.ctx);
    expect(next).toMatchObject({ playlistId: a, queueItemId: q[0].id });
    expect(next?.track).toMatchObject({ id: tracksA[0], durationMs: 180_000, loudnessLufs: null });
    expect(next?.track.path).toMatch(/\.mp3$/);
    // The engine holds the head: it stays first, marked, until it starts.
    const after = (await t.admin.get('/api/media/queue')).json().upcoming;
    expect(after[0]).toMatchObject({ id: q[0].id, trackId: tracksA[0], held: true });
    expect(after.slice(1).map((i: { trackId: string }) => i.trackId)).toEqual(tracksA.slice(1, 6));
    const { rows } = await t.dbh.query('SELECT track_id FROM media_plays');
    expect(rows).toEqual([{ track_id: tracksA[0] }]);
  });

  it('staff remove a queued track; the queue fills up again', async () => {
    const q = (await t.admin.get('/api/media/queue')).json().upcoming;
    expect((await t.admin.delete(`/api/media/queue/${q[1].id}`)).statusCode).toBe(200);
    const after = (await t.admin.get('/api/media/queue')).json().upcoming;
    expect(after.filter((i: { held: boolean }) => !i.held)).toHaveLength(5);
    expect(after.map((i: { id: string }) => i.id)).not.toContain(q[1].id);
    expect((await t.admin.delete(`/api/media/queue/${q[1].id}`)).statusCode).toBe(404);
  });

  it('a playlist change takes effect at the next track: the queued decisions are taken again', async () => {
    b = (await t.admin.post('/api/media/playlists', rotation('Queue B'))).json().playlist.id;
    await t.admin.put(`/api/media/playlists/${b}/tracks`, { trackIds: tracksB });
    await t.admin.patch(`/api/media/playlists/${a}`, { enabled: false });
    const q = (await t.admin.get('/api/media/queue')).json().upcoming;
    // The track the engine already holds still airs; every planned one is taken again.
    const planned = q.filter((i: { held: boolean }) => !i.held);
    expect(planned).toHaveLength(5);
    expect(planned.every((i: { playlist: string }) => i.playlist === 'Queue B')).toBe(true);
    const next = await decideNextTrack(t.app.ctx);
    expect(tracksB).toContain(next?.track.id);
  });

  it('a banned song is never handed out, even when it was queued before the ban', async () => {
    const q = (await t.admin.get('/api/media/queue')).json().upcoming;
    await t.admin.post('/api/banned-songs', { title: q[0].title, artist: q[0].artist });
    const next = await decideNextTrack(t.app.ctx);
    expect(next?.track.id).not.toBe(q[0].trackId);
    const after = (await t.admin.get('/api/media/queue')).json().upcoming;
    expect(after.map((i: { trackId: string }) => i.trackId)).not.toContain(q[0].trackId);
  });

  it('skip goes through the station skip command', async () => {
    const res = await manager.post('/api/media/queue/skip');
    expect(res.statusCode).toBe(200);
    expect(t.backend.commands).toContain('skip');
  });
});

describe('AutoDJ settings', () => {
  it('defaults, then saved values; out-of-range refused', async () => {
    expect((await t.admin.get('/api/media/settings')).json()).toEqual({
      crossfadeSeconds: 2,
      trackRepeatMinutes: 60,
      artistRepeatSongs: 3,
      requestsViaAutoDj: false,
    });
    const res = await manager.patch('/api/media/settings', {
      crossfadeSeconds: 4.5,
      requestsViaAutoDj: true,
    });
    expect(res.json()).toMatchObject({
      crossfadeSeconds: 4.5,
      requestsViaAutoDj: true,
      trackRepeatMinutes: 60,
    });
    expect((await t.admin.patch('/api/media/settings', { artistRepeatSongs: -1 })).statusCode).toBe(400);
    expect((await t.admin.get('/api/media/settings')).json().artistRepeatSongs).toBe(3);
  });

  it('with requests via AutoDJ on and nobody live, an approved request for a library track plays first', async () => {
    // Its own state: requests via AutoDJ on (off by default), put back afterwards for the tests that follow.
    expect((await manager.patch('/api/media/settings', { requestsViaAutoDj: true })).statusCode).toBe(200);
    onTestFinished(async () => {
      await manager.patch('/api/media/settings', { requestsViaAutoDj: false });
    });
    // A track of its own: never played, banned or queued by the other tests, whatever their order.
    const [requested] = await insertTracks(t.dbh, 1, { prefix: 'Requested' });
    const { rows } = await t.dbh.query<{ title: string; artist: string; id: string }>(
      'SELECT id, title, artist FROM media_tracks WHERE id = $1',
      [requested],
    );
    // Requests are sent while a presenter is live; this one was accepted during an earlier show.
    const sent = await t.dbh.query<{ id: string }>(
      `INSERT INTO requests (request_type, song_title, artist, requester_name, status, requester_key)
       VALUES ('song_request', upper($1), $2, 'Plain Member', 'approved', 'test') RETURNING id`,
      [rows[0].title, rows[0].artist],
    );
    const requestId = sent.rows[0].id;
    await t.dbh.query('DELETE FROM media_plays');
    const next = await decideNextTrack(t.app.ctx);
    expect(next?.track.id).toBe(requested);
    const status = await t.dbh.query('SELECT status FROM requests WHERE id = $1', [requestId]);
    expect(status.rows[0]).toEqual({ status: 'played' });
  });
});

describe('the audit trail', () => {
  it('records who created, edited, filled and deleted a playlist, and who deleted a track', async () => {
    const created = await manager.post('/api/media/playlists', rotation('Audited mix'));
    expect(created.statusCode).toBe(201);
    const id = created.json().playlist.id;
    expect((await manager.patch(`/api/media/playlists/${id}`, { weight: 9 })).statusCode).toBe(200);
    expect(
      (await manager.put(`/api/media/playlists/${id}/tracks`, { trackIds: tracksA.slice(0, 3) })).statusCode,
    ).toBe(200);
    expect((await t.admin.delete(`/api/media/playlists/${id}`)).statusCode).toBe(200);
    const doomed = (await insertTracks(t.dbh, 1, { prefix: 'Doomed' }))[0];
    expect((await t.admin.delete(`/api/media/tracks/${doomed}`)).statusCode).toBe(200);

    const { rows } = await t.dbh.query<{
      action: string;
      actor_id: string;
      summary: string;
      target_id: string;
    }>(
      `SELECT action, actor_id, summary, target_id FROM staff_actions
        WHERE target_id = ANY($1) ORDER BY id`,
      [[id, doomed]],
    );
    expect(rows.map((r) => [r.action, r.actor_id])).toEqual([
      ['playlist.create', manager.userId],
      ['playlist.update', manager.userId],
      ['playlist.tracks', manager.userId],
      ['playlist.delete', t.admin.userId],
      ['track.delete', t.admin.userId],
    ]);
    expect(rows[0].summary).toBe('Created the playlist “Audited mix”');
    expect(rows[2].summary).toBe('Set the tracks of “Audited mix” (3 tracks)');
    expect(rows[4].summary).toMatch(/^Deleted “Doomed/);
  });
});
