import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../test/app-for-file';
import { makeAudio, partFromFile } from '../../test/fixtures/media';
import { uploadTracks } from '../../test/test-app';
import { nowPlayingSlot } from '../station/now-playing.service';
import { PLAYS_CSV_COLUMNS } from './exports.service';

const t = appForFile({ scripted: 'started' });
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'onair-royalty-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

interface Uploaded {
  id: string;
  title: string;
  album: string;
  isrc: string;
}

/** A tagged MP3 through the library's upload API, as a station adds its music. */
async function upload(i: number): Promise<Uploaded> {
  const tags = {
    title: `Ledger Song ${i}`,
    artist: 'The Payees',
    album: `Royalty Album ${i % 3}`,
    TSRC: `GBROY26000${String(i).padStart(2, '0')}`,
  };
  const file = await makeAudio(dir, `ledger-${i}.mp3`, { seconds: 1, frequency: 300 + i * 40, tags });
  const res = await uploadTracks(t.admin, [await partFromFile(file)]);
  expect(res.statusCode).toBe(201);
  const [track] = res.json().tracks as { id: string }[];
  return { id: track.id, title: tags.title, album: tags.album, isrc: tags.TSRC };
}

describe('the royalty report of library tracks', () => {
  it('gives every play the album of the library track it was, with its ISRC', async () => {
    const tracks: Uploaded[] = [];
    for (let i = 1; i <= 10; i++) tracks.push(await upload(i));
    const start = Date.parse('2026-10-05T10:00:00Z');
    for (const [i, tr] of tracks.entries()) {
      // The app's choice carries the library id; every third one the engine's local rotation plays
      // the same file with its tags only.
      await t.backend.playTrack(tr.title, 'The Payees', 10 + i, {
        album: tr.album,
        startedAt: new Date(start + i * 60_000),
        mediaTrackId: i % 3 === 2 ? null : tr.id,
      });
    }
    await nowPlayingSlot.of(t.app.ctx).idle();
    const res = await t.admin.get(
      '/api/admin/reports/plays.csv?from=2026-10-05T00:00:00Z&to=2026-10-06T00:00:00Z',
    );
    expect(res.statusCode).toBe(200);
    const [header, ...lines] = res.body
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(header).toEqual([...PLAYS_CSV_COLUMNS]);
    const col = (name: (typeof PLAYS_CSV_COLUMNS)[number]) => header.indexOf(name);
    expect(lines.map((l) => [l[col('title')], l[col('album')], l[col('isrc')]])).toEqual(
      tracks.map((tr) => [tr.title, tr.album, tr.isrc]),
    );
  });

  it('keeps the album of the track as it is now when the song is on two albums', async () => {
    const [first] = (
      await t.dbh.query<{ song_id: string; id: string }>(
        `SELECT song_id, id FROM media_tracks WHERE title = 'Ledger Song 1'`,
      )
    ).rows;
    // The same song on a compilation: a second library track of it.
    const [second] = (
      await t.dbh.query<{ id: string }>(
        `INSERT INTO media_tracks (song_id, path, content_hash, file_name, format, size_bytes, title, artist, album, duration_ms, isrc)
         VALUES ($1, '/srv/compilation.mp3', 'hash-compilation', 'compilation.mp3', 'mp3', 1000, 'Ledger Song 1',
                 'The Payees', 'Best of the Payees', 60000, 'GBROY2600099') RETURNING id`,
        [first.song_id],
      )
    ).rows;
    await t.backend.playTrack('Ledger Song 1', 'The Payees', 100, {
      startedAt: new Date('2026-10-07T10:00:00Z'),
      mediaTrackId: second.id,
    });
    await t.backend.playTrack('Ledger Song 1', 'The Payees', 101, {
      startedAt: new Date('2026-10-07T10:05:00Z'),
      mediaTrackId: first.id,
    });
    await nowPlayingSlot.of(t.app.ctx).idle();
    const res = await t.admin.get(
      '/api/admin/reports/plays.csv?from=2026-10-07T00:00:00Z&to=2026-10-08T00:00:00Z',
    );
    const lines = res.body.trimEnd().split('\r\n').slice(1);
    expect(lines.map((l) => l.split(',').slice(6, 8))).toEqual([
      ['Best of the Payees', 'GBROY2600099'],
      ['Royalty Album 1', 'GBROY2600001'],
    ]);
  });
});
