import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAudio } from '../../../test/fixtures/media';
import { createTestApp, type Member, signUpMember, type TestApp } from '../../../test/test-app';
import { upsertSong } from '../../library/songs.service';
import { mediaTracks } from '../media.table';

/** A track's cue and fade through the media library API, and the waveform the cue editor draws. */
let t: TestApp;
let admin: Member;
let member: Member;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'onair-cue-'));
  t = await createTestApp();
  admin = await signUpMember(t.app, 'Cue Admin');
  member = await signUpMember(t.app, 'Plain Member');
});
afterAll(async () => t.close());

/** A library track of a real file: `seconds` of tone. */
async function track(title: string, seconds = 20) {
  const file = await makeAudio(dir, `${title}.mp3`, { seconds, frequency: 440, volume: 4 });
  const song = await upsertSong(t.app.ctx.db, { title, artist: 'Cue Tester', album: null });
  const [row] = await t.app.ctx.db
    .insert(mediaTracks)
    .values({
      ...{ songId: song.id, path: file, contentHash: `cue-${title}`, fileName: `${title}.mp3` },
      ...{ format: 'mp3', sizeBytes: 1, title, artist: 'Cue Tester', durationMs: seconds * 1000 },
    })
    .returning();
  return row!;
}

const cueOf = async (id: string) => {
  const list = (await admin.get('/api/media/tracks?q=&pageSize=200')).json();
  return list.tracks.find((x: { id: string }) => x.id === id).cue;
};

describe('cue and fade of a track', () => {
  it('are stored on the track and shown in the library', async () => {
    const row = await track('Cued Song');
    expect(await cueOf(row.id)).toEqual({ cueIn: null, cueOut: null, fadeIn: null, fadeOut: null });
    const res = await admin.put(`/api/media/tracks/${row.id}/cue`, {
      cueIn: 1.5,
      cueOut: 18,
      fadeIn: 2,
      fadeOut: 3.25,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().track.cue).toEqual({ cueIn: 1.5, cueOut: 18, fadeIn: 2, fadeOut: 3.25 });
    expect(await cueOf(row.id)).toEqual({ cueIn: 1.5, cueOut: 18, fadeIn: 2, fadeOut: 3.25 });

    // Cleared: the whole file, no fades. A cue out at the track's end is no cue out.
    const cleared = await admin.put(`/api/media/tracks/${row.id}/cue`, {
      cueIn: 0,
      cueOut: 20,
      fadeIn: 0,
      fadeOut: null,
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().track.cue).toEqual({ cueIn: null, cueOut: null, fadeIn: null, fadeOut: null });
  });

  it('refuses what cannot play, with a clear message, and changes nothing', async () => {
    const row = await track('Refused Song');
    const good = { cueIn: 2, cueOut: 10, fadeIn: 1, fadeOut: 1 };
    expect((await admin.put(`/api/media/tracks/${row.id}/cue`, good)).statusCode).toBe(200);
    const refused = async (body: Record<string, unknown>, message: RegExp, field: string) => {
      const res = await admin.put(`/api/media/tracks/${row.id}/cue`, { ...good, ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(message);
      expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
    };
    await refused({ cueIn: 10, cueOut: 10 }, /Cue in must come before cue out/, 'cueIn');
    await refused({ cueIn: 12, cueOut: 10 }, /Cue in must come before cue out/, 'cueIn');
    await refused({ cueOut: 20.5 }, /Cue out is past the end of the track \(0:20\.0\)/, 'cueOut');
    await refused({ cueIn: 25, cueOut: null }, /Cue in is past the end of the track/, 'cueIn');
    await refused({ cueIn: -1 }, /Cue in cannot be negative/, 'cueIn');
    await refused({ fadeOut: -0.5 }, /Fade out cannot be negative/, 'fadeOut');
    await refused({ fadeIn: 8 }, /Fade in must be shorter than the cued length \(0:08\.0\)/, 'fadeIn');
    await refused({ fadeOut: 9 }, /Fade out must be shorter than the cued length/, 'fadeOut');
    await refused({ fadeIn: 'long' }, /Fade in must be a number of seconds/, 'fadeIn');
    const extra = await admin.put(`/api/media/tracks/${row.id}/cue`, { ...good, gain: 3 });
    expect(extra.statusCode).toBe(400);
    expect(await cueOf(row.id)).toEqual(good);
  });

  it('is for the music staff only, and answers 404 for a track that is not there', async () => {
    const row = await track('Guarded Song');
    const body = { cueIn: 1, cueOut: null, fadeIn: null, fadeOut: null };
    expect((await member.put(`/api/media/tracks/${row.id}/cue`, body)).statusCode).toBe(403);
    expect((await member.get(`/api/media/tracks/${row.id}/peaks`)).statusCode).toBe(403);
    expect(await cueOf(row.id)).toEqual({ cueIn: null, cueOut: null, fadeIn: null, fadeOut: null });
    expect((await admin.put(`/api/media/tracks/${randomUUID()}/cue`, body)).statusCode).toBe(404);
    expect((await admin.get(`/api/media/tracks/${randomUUID()}/peaks`)).statusCode).toBe(404);
  });
});

describe('the waveform', () => {
  it('is the loudest sample of each slice, from the file itself', async () => {
    const row = await track('Drawn Song', 12);
    const res = await admin.get(`/api/media/tracks/${row.id}/peaks`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('private');
    const { durationSeconds, peaks } = res.json() as { durationSeconds: number; peaks: number[] };
    expect(durationSeconds).toBe(12);
    expect(peaks.length).toBeGreaterThan(790);
    expect(peaks.length).toBeLessThanOrEqual(800);
    // A steady tone: every slice peaks alike, well above silence and below full scale.
    const middle = peaks.slice(50, -50);
    expect(Math.min(...middle)).toBeGreaterThan(0.2);
    expect(Math.max(...middle)).toBeLessThan(0.9);
    expect(Math.min(...middle) / Math.max(...middle)).toBeGreaterThan(0.9);
  });

  it('answers a clear refusal when the file cannot be read', async () => {
    const row = await track('Gone Song', 3);
    await t.dbh.query('UPDATE media_tracks SET path = $1, content_hash = $2 WHERE id = $3', [
      path.join(dir, 'missing.mp3'),
      'cue-missing',
      row.id,
    ]);
    const res = await admin.get(`/api/media/tracks/${row.id}/peaks`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/could not be read/);
  });
});
