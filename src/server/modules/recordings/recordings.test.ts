import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../test/app-for-file';
import { Client, type Member, memberWith } from '../../test/test-app';
import { staffActions } from '../audit/audit.table';
import { recordingsStore } from './recordings.service';
import { recordings } from './recordings.table';

/** A real 5-second MP3 (ffmpeg), as the recorder leaves them. */
function makeMp3(): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'onair-rec-'));
  const file = path.join(dir, 'x.mp3');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=f=440:d=5', '-b:a', '128k', file]);
  return readFileSync(file);
}

const t = appForFile({ admin: 'Rec Admin', timeout: 120_000 });
let mp3: Buffer;
let presenter: Member;
let otherPresenter: Member;
let listener: Member;
let anonymous: Client;
let n = 0;

async function addRecording(
  opts: { presenter?: Member | null; show?: string; hidden?: boolean; startedAt?: Date } = {},
) {
  n += 1;
  const key = `2026/11/rec-${n}-${Date.now()}.mp3`;
  await recordingsStore(t.app.ctx).put(key, mp3, { contentType: 'audio/mpeg' });
  const startedAt = opts.startedAt ?? new Date(Date.UTC(2026, 10, 1, 10, n));
  const [row] = await t.app.ctx.db
    .insert(recordings)
    .values({
      presenterId: opts.presenter === null ? null : (opts.presenter ?? presenter).userId,
      showTitle: opts.show ?? `Morning Show ${n}`,
      presenterName: 'DJ Test',
      startedAt,
      endedAt: new Date(startedAt.getTime() + 5000),
      durationSeconds: 5.02,
      byteSize: mp3.length,
      storageKey: key,
      hidden: opts.hidden ?? false,
    })
    .returning();
  return row;
}

beforeAll(async () => {
  mp3 = makeMp3();
  presenter = await memberWith(t, 'presenter', [], 'Rec Presenter');
  otherPresenter = await memberWith(t, 'presenter', [], 'Other Presenter');
  listener = await memberWith(t, 'user', [], 'Rec Listener');
  anonymous = new Client(t.app);
}, 120_000);

describe('GET /api/recordings', () => {
  it('lists published recordings only, newest first, with the fields of the API', async () => {
    const older = await addRecording({ startedAt: new Date('2026-10-01T10:00:00Z'), show: 'Older Show' });
    const newer = await addRecording({ startedAt: new Date('2026-10-02T10:00:00Z'), show: 'Newer Show' });
    const hidden = await addRecording({ startedAt: new Date('2026-10-03T10:00:00Z'), hidden: true });
    const res = await anonymous.get('/api/recordings?limit=100');
    expect(res.statusCode).toBe(200);
    const list = res.json().recordings as Record<string, unknown>[];
    const ids = list.map((r) => r.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const one = list.find((r) => r.id === newer.id);
    expect(one).toMatchObject({
      id: newer.id,
      title: 'Newer Show',
      presenter: 'DJ Test',
      startedAt: '2026-10-02T10:00:00.000Z',
      durationSeconds: 5.02,
      audioUrl: `/api/recordings/${newer.id}/audio.mp3`,
    });
  });

  it('pages with limit and before, and filters by show and presenter', async () => {
    const show = `Paged Show ${Date.now()}`;
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push(await addRecording({ show, startedAt: new Date(Date.UTC(2026, 8, 1, i)) }));
    const first = (
      await anonymous.get(`/api/recordings?limit=2&show=${encodeURIComponent(show.toUpperCase())}`)
    ).json();
    expect(first.recordings.map((r: { id: string }) => r.id)).toEqual([made[4].id, made[3].id]);
    expect(first.nextBefore).toBe(made[3].startedAt.toISOString());
    const second = (
      await anonymous.get(
        `/api/recordings?limit=2&show=${encodeURIComponent(show)}&before=${first.nextBefore}`,
      )
    ).json();
    expect(second.recordings.map((r: { id: string }) => r.id)).toEqual([made[2].id, made[1].id]);
    const last = (
      await anonymous.get(
        `/api/recordings?limit=2&show=${encodeURIComponent(show)}&before=${second.nextBefore}`,
      )
    ).json();
    expect(last.recordings.map((r: { id: string }) => r.id)).toEqual([made[0].id]);
    expect(last.nextBefore).toBeNull();

    const mine = await addRecording({ presenter: otherPresenter });
    const byPresenter = (await anonymous.get(`/api/recordings?presenterId=${otherPresenter.userId}`)).json();
    expect(byPresenter.recordings.map((r: { id: string }) => r.id)).toEqual([mine.id]);

    const shows = (await anonymous.get('/api/recordings/shows')).json().shows as {
      title: string;
      count: number;
    }[];
    expect(shows.find((s) => s.title === show)?.count).toBe(5);
  });

  it('answers 400 for a bad query, not 500', async () => {
    for (const q of ['limit=0', 'limit=1000', 'limit=x', 'before=yesterday']) {
      expect((await anonymous.get(`/api/recordings?${q}`)).statusCode).toBe(400);
    }
  });
});

describe('the audio', () => {
  it('serves the whole MP3 and byte ranges (206), and 416 past the end', async () => {
    const rec = await addRecording();
    const url = `/api/recordings/${rec.id}/audio.mp3`;
    const whole = await anonymous.get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(mp3)).toBe(true);

    const part = await anonymous.get(url, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${mp3.length}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload.equals(mp3.subarray(100, 200))).toBe(true);

    const tail = await anonymous.get(url, { range: 'bytes=-50' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(mp3.subarray(mp3.length - 50))).toBe(true);

    const open = await anonymous.get(url, { range: `bytes=${mp3.length - 10}-` });
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-range']).toBe(`bytes ${mp3.length - 10}-${mp3.length - 1}/${mp3.length}`);

    const bad = await anonymous.get(url, { range: `bytes=${mp3.length}-` });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers['content-range']).toBe(`bytes */${mp3.length}`);
  });

  it('serves a hidden recording only to its presenter and admins', async () => {
    const rec = await addRecording({ hidden: true });
    const url = `/api/recordings/${rec.id}/audio.mp3`;
    expect((await anonymous.get(url)).statusCode).toBe(404);
    expect((await listener.get(url)).statusCode).toBe(404);
    expect((await otherPresenter.get(url)).statusCode).toBe(404);
    const own = await presenter.get(url, { range: 'bytes=0-9' });
    expect(own.statusCode).toBe(206);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect((await t.admin.get(url)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown recording or a missing file', async () => {
    expect(
      (await anonymous.get('/api/recordings/0b6f1a64-4b51-4c7e-9a66-0f5e8f6f0a11/audio.mp3')).statusCode,
    ).toBe(404);
    expect((await anonymous.get('/api/recordings/not-a-uuid/audio.mp3')).statusCode).toBeLessThan(500);
    const rec = await addRecording();
    await recordingsStore(t.app.ctx).delete(rec.storageKey);
    expect((await anonymous.get(`/api/recordings/${rec.id}/audio.mp3`)).statusCode).toBe(404);
  });
});

describe('hide and delete', () => {
  it('lets the presenter hide and publish their own recording', async () => {
    const rec = await addRecording();
    const hide = await presenter.patch(`/api/recordings/${rec.id}`, { hidden: true });
    expect(hide.statusCode).toBe(200);
    expect(hide.json().recording).toMatchObject({ id: rec.id, hidden: true });
    const ids = (await anonymous.get('/api/recordings?limit=100'))
      .json()
      .recordings.map((r: { id: string }) => r.id);
    expect(ids).not.toContain(rec.id);
    const mine = (await presenter.get('/api/recordings/manage')).json();
    expect(mine.managesAll).toBe(false);
    expect(mine.recordings.find((r: { id: string }) => r.id === rec.id)?.hidden).toBe(true);
    expect(mine.recordings.every((r: { presenterId: string }) => r.presenterId === presenter.userId)).toBe(
      true,
    );
    expect((await presenter.patch(`/api/recordings/${rec.id}`, { hidden: false })).statusCode).toBe(200);
    const again = (await anonymous.get('/api/recordings?limit=100'))
      .json()
      .recordings.map((r: { id: string }) => r.id);
    expect(again).toContain(rec.id);
    // The presenter's own changes are not staff actions.
    expect(await t.app.ctx.db.select().from(staffActions).where(eq(staffActions.targetId, rec.id))).toEqual(
      [],
    );
  });

  it('refuses other presenters, listeners and visitors, and changes nothing', async () => {
    const rec = await addRecording();
    expect((await otherPresenter.patch(`/api/recordings/${rec.id}`, { hidden: true })).statusCode).toBe(403);
    expect((await listener.patch(`/api/recordings/${rec.id}`, { hidden: true })).statusCode).toBe(403);
    expect((await anonymous.patch(`/api/recordings/${rec.id}`, { hidden: true })).statusCode).toBe(401);
    expect((await otherPresenter.delete(`/api/recordings/${rec.id}`)).statusCode).toBe(403);
    expect((await listener.delete(`/api/recordings/${rec.id}`)).statusCode).toBe(403);
    expect((await anonymous.delete(`/api/recordings/${rec.id}`)).statusCode).toBe(401);
    // A hidden recording of someone else does not exist for them.
    const hidden = await addRecording({ hidden: true });
    expect((await otherPresenter.delete(`/api/recordings/${hidden.id}`)).statusCode).toBe(404);
    const [row] = await t.app.ctx.db.select().from(recordings).where(eq(recordings.id, rec.id));
    expect(row.hidden).toBe(false);
    expect(await recordingsStore(t.app.ctx).head(rec.storageKey)).not.toBeNull();
    expect((await listener.get('/api/recordings/manage')).json().recordings).toEqual([]);
  });

  it('answers 404 for an unknown recording and 400 for a bad body', async () => {
    const unknown = '0b6f1a64-4b51-4c7e-9a66-0f5e8f6f0a12';
    expect((await presenter.patch(`/api/recordings/${unknown}`, { hidden: true })).statusCode).toBe(404);
    expect((await t.admin.delete(`/api/recordings/${unknown}`)).statusCode).toBe(404);
    const rec = await addRecording();
    expect((await presenter.patch(`/api/recordings/${rec.id}`, { hidden: 'yes' })).statusCode).toBe(400);
    expect((await presenter.patch(`/api/recordings/${rec.id}`, {})).statusCode).toBe(400);
  });

  it('lets the presenter delete their own: the row and the file go', async () => {
    const rec = await addRecording();
    expect((await presenter.delete(`/api/recordings/${rec.id}`)).statusCode).toBe(200);
    expect(await t.app.ctx.db.select().from(recordings).where(eq(recordings.id, rec.id))).toEqual([]);
    expect(await recordingsStore(t.app.ctx).head(rec.storageKey)).toBeNull();
    expect((await anonymous.get(`/api/recordings/${rec.id}/audio.mp3`)).statusCode).toBe(404);
    expect((await presenter.delete(`/api/recordings/${rec.id}`)).statusCode).toBe(404);
  });

  it('lets an admin hide and delete any recording, with an audit trail', async () => {
    const rec = await addRecording({ show: 'Audited Show' });
    expect((await t.admin.patch(`/api/recordings/${rec.id}`, { hidden: true })).statusCode).toBe(200);
    const all = (await t.admin.get('/api/recordings/manage?limit=100')).json();
    expect(all.managesAll).toBe(true);
    expect(all.recordings.find((r: { id: string }) => r.id === rec.id)?.hidden).toBe(true);
    expect((await t.admin.delete(`/api/recordings/${rec.id}`)).statusCode).toBe(200);
    expect(await recordingsStore(t.app.ctx).head(rec.storageKey)).toBeNull();
    const trail = await t.app.ctx.db.select().from(staffActions).where(eq(staffActions.targetId, rec.id));
    expect(trail.map((a) => a.action).sort()).toEqual(['recording.delete', 'recording.hide']);
    expect(trail.find((a) => a.action === 'recording.delete')?.summary).toContain('Audited Show');
  });

  it('lets staff holding manage_presenters (a radio manager) hide any recording', async () => {
    const manager = await memberWith(t, 'radio_manager', [], 'Rec Manager');
    const rec = await addRecording();
    expect((await manager.patch(`/api/recordings/${rec.id}`, { hidden: true })).statusCode).toBe(200);
  });
});

describe('GET /podcast.xml', () => {
  it('is RSS 2.0 with iTunes tags and an enclosure per published recording', async () => {
    const rec = await addRecording({
      show: 'Feed & Friends <Live>',
      startedAt: new Date('2030-01-02T20:00:00Z'),
    });
    const hidden = await addRecording({ hidden: true, startedAt: new Date('2030-01-03T20:00:00Z') });
    const res = await anonymous.get('/podcast.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/rss+xml');
    expect(XMLValidator.validate(res.body)).toBe(true);
    const doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      parseTagValue: false,
      parseAttributeValue: false,
    }).parse(res.body);
    const rss = doc.rss;
    expect(rss['@_version']).toBe('2.0');
    expect(rss['@_xmlns:itunes']).toBe('http://www.itunes.com/dtds/podcast-1.0.dtd');
    const channel = rss.channel;
    expect(channel.title).toBeTruthy();
    expect(channel.link).toBe('http://localhost:3000/listen-again');
    expect(channel['itunes:author']).toBeTruthy();
    expect(channel['itunes:image']['@_href']).toMatch(/^http:\/\/localhost:3000\/.+\.png$/);
    expect(channel['itunes:category']['@_text']).toBe('Music');
    expect(channel['itunes:explicit']).toBe('false');
    const items = Array.isArray(channel.item) ? channel.item : [channel.item];
    const guids = items.map((i: { guid: { '#text': string } }) => i.guid['#text']);
    expect(guids.some((g: string) => g.endsWith(hidden.id))).toBe(false);
    const item = items[0];
    // The show's name was escaped in the document and reads as it was written once parsed.
    expect(res.body).toContain('Feed &amp; Friends &lt;Live&gt;');
    expect(item['itunes:title']).toBe('Feed & Friends <Live>');
    expect(item.guid['#text']).toContain(rec.id);
    expect(item.pubDate).toBe('Wed, 02 Jan 2030 20:00:00 GMT');
    expect(new Date(item.pubDate).toISOString()).toBe('2030-01-02T20:00:00.000Z');
    expect(item['itunes:duration']).toBe('0:00:05');
    expect(item['itunes:author']).toBe('DJ Test');
    const enc = item.enclosure;
    expect(enc['@_url']).toBe(`http://localhost:3000/api/recordings/${rec.id}/audio.mp3`);
    expect(enc['@_type']).toBe('audio/mpeg');
    expect(Number(enc['@_length'])).toBe(mp3.length);
    // The enclosure is the file: its length is what the server sends.
    const audio = await anonymous.get(new URL(enc['@_url']).pathname);
    expect(audio.rawPayload.length).toBe(Number(enc['@_length']));
  });
});
