import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REQUESTS_TEXTS } from '../../../shared/texts/requests';
import { appForFile } from '../../test/app-for-file';
import { playedByAutoDj } from '../../test/fixtures/library';
import { Client, type Member, memberWith, signUpMember } from '../../test/test-app';
import { writeSetting } from '../settings/settings.service';
import { nowPlayingSlot } from '../station/now-playing.service';

const t = appForFile({ scripted: 'started' });
let presenter: Member;
let ipCounter = 0;
/** An anonymous listener at a new address (the per-requester limit counts addresses). */
const listener = () => new Client(t.app, `10.0.0.${++ipCounter}`);

const song = (title: string, artist: string, name = 'Sam') => ({
  requestType: 'song_request',
  songTitle: title,
  artist,
  requesterName: name,
});

async function goLive(isLive: boolean) {
  await t.backend.sink!.liveChanged({ isLive, streamerName: isLive ? 'DJ Jade' : null });
  await nowPlayingSlot.of(t.app.ctx).idle();
}

beforeAll(async () => {
  presenter = await memberWith(t, 'presenter', [], 'Jade');
});
beforeEach(async () => {
  await writeSetting(t.app.ctx.db, 'requests_enabled', { enabled: true });
  await goLive(true);
});

describe('request validation', () => {
  it('uses the exact messages, the name first, and trims values', async () => {
    const c = listener();
    const noName = await c.post('/api/requests', {
      requestType: 'shoutout',
      message: 'Hi',
      requesterName: '   ',
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toBe('Please enter your name.');
    const noArtist = await c.post('/api/requests', song('Only Title', '  '));
    expect(noArtist.json().error.message).toBe(
      'Please fill in both song title and artist for song requests.',
    );
    const noMessage = await c.post('/api/requests', {
      requestType: 'joke',
      requesterName: 'Kim',
      message: '  ',
    });
    expect(noMessage.json().error.message).toBe('Please enter a message for your request.');
    const bad = await c.post('/api/requests', {
      requestType: 'serenade',
      requesterName: 'Kim',
      message: 'x',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lets an anonymous listener send a shout-out (no user id; the message in song_title, artist N/A)', async () => {
    const res = await listener().post('/api/requests', {
      requestType: 'shoutout',
      message: '  Happy birthday Mum!  ',
      requesterName: '  Kim  ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().request).toMatchObject({
      userId: null,
      songTitle: 'Happy birthday Mum!',
      artist: 'N/A',
      message: 'Happy birthday Mum!',
      requesterName: 'Kim',
      status: 'pending',
    });
  });

  it('carries the member’s id on a member’s request', async () => {
    const m = await signUpMember(t.app, 'Member Mo');
    const res = await m.post('/api/requests', song('Blue Monday', 'New Order', 'Mo'));
    expect(res.json().request.userId).toBe(m.userId);
  });
});

describe('when requests are refused', () => {
  it('while the switch is off, and while no presenter is live', async () => {
    expect((await presenter.patch('/api/requests/settings', { enabled: false })).json().enabled).toBe(false);
    const off = await listener().post('/api/requests', song('Anything', 'Anyone'));
    expect(off.statusCode).toBe(409);
    expect(off.json().error.message).toBe('Song requests are currently disabled by the presenter.');
    await presenter.patch('/api/requests/settings', { enabled: true });
    await goLive(false);
    const noDj = await listener().post('/api/requests', song('Anything', 'Anyone'));
    expect(noDj.statusCode).toBe(409);
    expect(noDj.json().error.message).toBe(REQUESTS_TEXTS.noLiveDj);
    expect((await new Client(t.app).get('/api/requests/settings')).json()).toMatchObject({
      enabled: true,
      liveNow: false,
    });
  });

  it('only presenters and admins switch requests', async () => {
    const m = await signUpMember(t.app, 'No Switch');
    expect((await m.patch('/api/requests/settings', { enabled: false })).statusCode).toBe(403);
    expect((await t.admin.patch('/api/requests/settings', { enabled: true })).statusCode).toBe(200);
  });

  it('a song already waiting, a song played recently, and a banned song', async () => {
    expect((await listener().post('/api/requests', song('Wonderwall', 'Oasis'))).statusCode).toBe(201);
    const dup = await listener().post('/api/requests', song('wonderwall', 'OASIS'));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('This song was already requested and will play soon.');

    await playedByAutoDj(t.app.ctx.db, { title: 'Just Played', artist: 'Band' }, [new Date()]);
    const recent = await listener().post('/api/requests', song('Just Played', 'Band'));
    expect(recent.statusCode).toBe(409);
    expect(recent.json().error.message).toBe(REQUESTS_TEXTS.playedRecently(15));

    await t.admin.post('/api/banned-songs', { title: 'Forbidden Tune', artist: 'Nope' });
    const ban = await listener().post('/api/requests', song('Forbidden Tune', 'Nope'));
    expect(ban.statusCode).toBe(409);
    expect(ban.json().error.message).toBe(REQUESTS_TEXTS.banned);
  });

  it('one request per 5 minutes per account, and per address for anonymous listeners', async () => {
    const m = await signUpMember(t.app, 'Eager');
    expect((await m.post('/api/requests', song('First', 'One'))).statusCode).toBe(201);
    const again = await m.post('/api/requests', song('Second', 'Two'));
    expect(again.statusCode).toBe(429);
    expect(again.json().error.message).toBe(REQUESTS_TEXTS.tooSoon(5, 5));
    const anon = listener();
    expect((await anon.post('/api/requests', song('Third', 'Three'))).statusCode).toBe(201);
    expect((await anon.post('/api/requests', song('Fourth', 'Four'))).statusCode).toBe(429);
    expect((await listener().post('/api/requests', song('Fifth', 'Five'))).statusCode).toBe(201);
  });
});

describe('request status', () => {
  it('follows the allowed transitions, by presenters and admins only, and tells the member when played', async () => {
    const m = await signUpMember(t.app, 'Requester Rae');
    const id = (await m.post('/api/requests', song('Dreams', 'Fleetwood Mac', 'Rae'))).json().request.id;
    expect((await m.patch(`/api/requests/${id}/status`, { status: 'approved' })).statusCode).toBe(403);
    const skip = await presenter.patch(`/api/requests/${id}/status`, { status: 'played' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().error.message).toBe('A pending request cannot be marked played.');
    for (const status of ['approved', 'pending', 'rejected', 'pending', 'approved', 'played'] as const) {
      const res = await presenter.patch(`/api/requests/${id}/status`, { status });
      expect(res.statusCode, status).toBe(200);
      expect(res.json().request.status).toBe(status);
    }
    expect((await presenter.patch(`/api/requests/${id}/status`, { status: 'approved' })).statusCode).toBe(
      409,
    );
    const notes = (await m.get('/api/notifications')).json().notifications;
    expect(notes[0]).toMatchObject({ title: 'Your request is on air!', link: '/requests' });
    expect(notes[0].message).toContain('"Dreams" by Fleetwood Mac');
  });

  it('lists newest first with a status filter; who asked (account, profile, email) only for managers', async () => {
    const m = await signUpMember(t.app, 'Listed');
    await m.post('/api/requests', song('Listed Song', 'Artist', 'Listed'));
    const pub = (await new Client(t.app).get('/api/requests?status=pending')).json();
    expect(pub.requests.every((r: { status: string }) => r.status === 'pending')).toBe(true);
    expect(pub.total).toBe(pub.counts.pending);
    const mine = pub.requests.find((r: { songTitle: string }) => r.songTitle === 'Listed Song');
    expect(mine).toMatchObject({ requesterName: 'Listed', userId: null, requester: null });
    const staff = (await presenter.get('/api/requests')).json();
    const same = staff.requests.find((r: { songTitle: string }) => r.songTitle === 'Listed Song');
    expect(same).toMatchObject({ userId: m.userId, requester: { fullName: 'Listed', email: m.email } });
    expect((await new Client(t.app).get('/api/requests?limit=2')).json().requests).toHaveLength(2);
  });
});

describe('music search', () => {
  it('searches the station’s library when Spotify is not configured, and says so', async () => {
    await playedByAutoDj(t.app.ctx.db, { title: 'Searchable Anthem', artist: 'Finders' }, [new Date(0)]);
    const res = (await new Client(t.app).get('/api/music/search?q=anthem')).json();
    expect(res).toMatchObject({ source: 'library', notice: null });
    expect(res.results[0]).toMatchObject({ title: 'Searchable Anthem', artist: 'Finders' });
    expect((await new Client(t.app).get('/api/music/search?q=')).statusCode).toBe(400);
  });
});
