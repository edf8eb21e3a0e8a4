import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../test/app-for-file';
import { Client, type Member, memberWith, signUpMember } from '../../test/test-app';
import { nowPlayingSlot } from '../station/now-playing.service';

/**
 * What a private profile (publicProfile off) shows where other people see it. docs/product/members-and-community.md:
 * the team page lists a private team member by name and role only; public request lists never carry
 * account ids or profile names (only the name typed with the request); a conversation shows a private
 * member by name only.
 */
const t = appForFile({ scripted: 'started' });
let privatePresenter: Member;
let publicPresenter: Member;
const socialsOf = (prefix: string) => ({
  twitterUsername: `${prefix}_tw`,
  twitchUsername: `${prefix}_twitch`,
  instagramUsername: `${prefix}_ig`,
  youtubeUsername: `${prefix}_yt`,
});

beforeAll(async () => {
  await t.backend.sink!.liveChanged({ isLive: true, streamerName: 'DJ Open' });
  await nowPlayingSlot.of(t.app.ctx).idle();
  privatePresenter = await memberWith(t, 'presenter', [], 'Quiet Quinn');
  publicPresenter = await memberWith(t, 'presenter', [], 'Open Olly');
  await privatePresenter.patch('/api/me', socialsOf('hidden'));
  await publicPresenter.patch('/api/me', socialsOf('open'));
  for (const m of [privatePresenter, publicPresenter]) {
    await t.dbh.query(`UPDATE profiles SET profile_picture = '/uploads/avatars/pic.webp' WHERE id = $1`, [
      m.userId,
    ]);
  }
  await privatePresenter.patch('/api/me', { publicProfile: false });
});

describe('a private profile', () => {
  it('is on the team page by name and role only: no picture, no social names', async () => {
    const team = (await new Client(t.app).get('/api/team')).json();
    const quiet = team.core.find((m: { id: string }) => m.id === privatePresenter.userId);
    expect(quiet).toMatchObject({ displayName: 'Quiet Quinn', role: 'presenter', picture: null });
    expect(Object.values(quiet.socials).every((v) => v === null)).toBe(true);
    const open = team.core.find((m: { id: string }) => m.id === publicPresenter.userId);
    expect(open).toMatchObject({ picture: '/uploads/avatars/pic.webp', socials: { twitter: 'open_tw' } });
    // The same in the specialised groups (assigned roles).
    const quietMod = await memberWith(t, 'user', ['moderator'], 'Quiet Mod');
    await quietMod.patch('/api/me', { ...socialsOf('hidden'), publicProfile: false });
    const again = (await new Client(t.app).get('/api/team')).json();
    const group = again.specialised.find((g: { role: string }) => g.role === 'moderator');
    expect(group.members[0]).toMatchObject({ displayName: 'Quiet Mod', picture: null });
    expect(JSON.stringify(again)).not.toContain('hidden_');
    expect(JSON.stringify(again)).toContain('open_tw');
  });

  it('public request lists carry no account ids or profile names; managers still see who asked', async () => {
    const requester = await signUpMember(t.app, 'Profile Name Pat');
    await requester.patch('/api/me', { publicProfile: false });
    const sent = await requester.post('/api/requests', {
      requestType: 'shoutout',
      message: 'Hello everyone',
      requesterName: 'Pat',
    });
    expect(sent.statusCode).toBe(201);
    for (const viewer of [new Client(t.app), await signUpMember(t.app, 'Other Member')]) {
      const list = (await viewer.get('/api/requests')).json().requests;
      const mine = list.find((r: { message: string }) => r.message === 'Hello everyone');
      expect(mine).toMatchObject({ requesterName: 'Pat', userId: null, requester: null });
      expect(JSON.stringify(list)).not.toContain(requester.userId);
      expect(JSON.stringify(list)).not.toContain('Profile Name Pat');
    }
    const managed = (await t.admin.get('/api/requests')).json().requests;
    expect(managed.find((r: { message: string }) => r.message === 'Hello everyone')).toMatchObject({
      userId: requester.userId,
      requester: { fullName: 'Profile Name Pat', email: requester.email },
    });
  });

  it('shows in a conversation by name only: no picture, no role', async () => {
    const fan = await signUpMember(t.app, 'Fan Finn');
    const conv = (await fan.post('/api/conversations', { userId: privatePresenter.userId })).json()
      .conversation;
    expect(conv.other).toEqual({
      id: privatePresenter.userId,
      displayName: 'Quiet Quinn',
      picture: null,
      role: 'user',
      createdAt: expect.any(String),
    });
    await fan.post(`/api/conversations/${conv.id}/messages`, { content: 'Love the show' });
    const thread = (await fan.get(`/api/conversations/${conv.id}/messages`)).json();
    expect(thread.conversation.other).toMatchObject({ picture: null, role: 'user' });
    const list = (await fan.get('/api/conversations')).json().conversations;
    expect(list[0].other).toMatchObject({ picture: null, role: 'user' });
    // A public member is shown with picture and role; the private member sees them in full.
    const open = (await fan.post('/api/conversations', { userId: publicPresenter.userId })).json()
      .conversation;
    expect(open.other).toMatchObject({ picture: '/uploads/avatars/pic.webp', role: 'presenter' });
    const theirSide = (await privatePresenter.get('/api/conversations')).json().conversations[0];
    expect(theirSide.other).toMatchObject({ id: fan.userId, displayName: 'Fan Finn' });
  });
});
