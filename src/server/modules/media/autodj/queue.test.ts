import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/engine-helpers';
import { insertTracks } from '../../../test/fixtures/media';
import type { ScriptedBackend } from '../../../test/scripted-backend';
import { createScriptedApp, type Member, type TestApp } from '../../../test/test-app';
import { decideNextTrack } from './next-track.service';

/**
 * "Up next" (GET /api/media/queue) as staff read it: the track handed to the engine stays first until it
 * starts, and the planned queue is planned again when tracks arrive, so the repeat rules hold.
 */

interface Item {
  id: string;
  trackId: string;
  title: string;
  held: boolean;
}

let t: TestApp;
let backend: ScriptedBackend;
let admin: Member;

beforeAll(async () => {
  ({ t, backend, admin } = await createScriptedApp({ adminName: 'Queue Admin', startBackend: true }));
});
afterAll(async () => t.close());

const upNext = async (): Promise<Item[]> => {
  const res = await admin.get('/api/media/queue');
  expect(res.statusCode).toBe(200);
  return res.json().upcoming;
};

/** A fresh start: no plays, no queue, no playlists; then one enabled rotation playlist of `trackIds`. */
async function onlyPlaylist(name: string, trackIds: string[], order = 'sequential') {
  await t.dbh.query('DELETE FROM media_plays');
  await t.dbh.query('DELETE FROM media_queue');
  await t.dbh.query('DELETE FROM media_playlists');
  const res = await admin.post('/api/media/playlists', {
    name,
    kind: 'rotation',
    weight: 5,
    enabled: true,
    order,
  });
  const id = res.json().playlist.id as string;
  expect((await admin.put(`/api/media/playlists/${id}/tracks`, { trackIds })).statusCode).toBe(200);
  return id;
}

describe('up next shows the track the engine holds', { shuffle: false }, () => {
  let tracks: string[];
  let handed: Awaited<ReturnType<typeof decideNextTrack>>;

  it('lists the handed-out track first, marked held, above the next five planned', async () => {
    tracks = await insertTracks(t.dbh, 10, { prefix: 'Held' });
    await onlyPlaylist('Held list', tracks);
    const before = await upNext();
    expect(before.map((i) => i.trackId)).toEqual(tracks.slice(0, 5));
    expect(before.every((i) => !i.held)).toBe(true);

    // The engine asks ahead of the end of the current track: this track airs next.
    handed = await decideNextTrack(t.app.ctx);
    expect(handed?.track.id).toBe(tracks[0]);
    const after = await upNext();
    expect(after[0]).toMatchObject({ id: handed!.queueItemId, trackId: tracks[0], held: true });
    expect(after.slice(1).map((i) => i.trackId)).toEqual(tracks.slice(1, 6));
    expect(after.slice(1).every((i) => !i.held)).toBe(true);
  });

  it('refuses to remove the held track (409), which still airs next', async () => {
    const res = await admin.delete(`/api/media/queue/${handed!.queueItemId}`);
    expect(res.statusCode).toBe(409);
    expect((await upNext())[0]).toMatchObject({ id: handed!.queueItemId, held: true });
  });

  it('drops it once it starts, and counts its play from then', async () => {
    const { rows: decided } = await t.dbh.query<{ played_at: Date }>(
      'SELECT played_at FROM media_plays WHERE id = $1',
      [handed!.queueItemId],
    );
    expect(decided).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 20));
    await backend.playTrack(handed!.track.title, handed!.track.artist, 1, { mediaTrackId: handed!.track.id });
    const list = await waitUntil(
      'the started track off up next',
      async () => {
        const q = await upNext();
        return q.some((i) => i.id === handed!.queueItemId) ? null : q;
      },
      15_000,
    );
    expect(list.map((i) => i.trackId)).toEqual(tracks.slice(1, 6));
    const { rows } = await t.dbh.query<{ played_at: Date }>('SELECT played_at FROM media_plays');
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0]!.played_at).getTime()).toBeGreaterThan(new Date(decided[0]!.played_at).getTime());
  });

  it('the next hand-out takes the place of a held track that never started', async () => {
    const first = await decideNextTrack(t.app.ctx);
    const second = await decideNextTrack(t.app.ctx);
    const q = await upNext();
    expect(q.filter((i) => i.held).map((i) => i.id)).toEqual([second!.queueItemId]);
    expect(q.map((i) => i.id)).not.toContain(first!.queueItemId);
  });
});

describe('the queue is planned again when tracks arrive', () => {
  it('no track repeats within the hour once others are there, though the queue was planned with one', async () => {
    const [only] = await insertTracks(t.dbh, 1, { prefix: 'Lonely', durationMs: 30_000 });
    const playlist = await onlyPlaylist('All music', [only!], 'random');
    // One track: the rules give way, and the queue holds it five times.
    expect((await upNext()).map((i) => i.trackId)).toEqual(Array(5).fill(only));
    await decideNextTrack(t.app.ctx);

    // Fifteen more arrive as the folder import adds them: straight into the playlist's table.
    const arrived = await insertTracks(t.dbh, 15, { prefix: 'Arrived', durationMs: 30_000 });
    await t.dbh.query(
      `INSERT INTO media_playlist_tracks (playlist_id, track_id, position)
       SELECT $1::uuid, id, 1 + ord FROM unnest($2::uuid[]) WITH ORDINALITY AS a(id, ord)`,
      [playlist, arrived],
    );

    const planned = await upNext();
    expect(planned.filter((i) => i.held).map((i) => i.trackId)).toEqual([only]);
    const ahead = planned.filter((i) => !i.held).map((i) => i.trackId);
    expect(ahead).toHaveLength(5);
    expect(ahead).not.toContain(only);
    expect(new Set(ahead).size).toBe(5);

    // What the engine is handed over the next twelve tracks: no track twice.
    const aired = [only!];
    for (let i = 0; i < 12; i++) aired.push((await decideNextTrack(t.app.ctx))!.track.id);
    expect(new Set(aired).size).toBe(aired.length);
  });
});
