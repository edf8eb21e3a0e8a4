import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PROFILE_TEXTS } from '../../../shared/texts/accounts';
import { appForFile } from '../../test/app-for-file';
import { Client, createTestApp, memberWith, postPicture, signUpMember } from '../../test/test-app';

const t = appForFile();

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#ff3366' } })
    .png()
    .toBuffer();

describe('members list', () => {
  it('lists members by name with search (case-insensitive), never with emails, respecting privacy', async () => {
    await signUpMember(t.app, 'Zoe Quinn');
    const hidden = await signUpMember(t.app, 'Hidden Harry');
    await hidden.patch('/api/me', { publicProfile: false });
    const c = new Client(t.app);
    const all = (await c.get('/api/members')).json().members;
    expect(all.some((m: { displayName: string }) => m.displayName === 'Zoe Quinn')).toBe(true);
    expect(all.some((m: { displayName: string }) => m.displayName === 'Hidden Harry')).toBe(false);
    expect(JSON.stringify(all)).not.toContain('@example.com');
    const found = (await c.get('/api/members?q=zOe')).json().members;
    expect(found.map((m: { displayName: string }) => m.displayName)).toEqual(['Zoe Quinn']);
    expect((await c.get('/api/members?q=nobody-like-this')).json().members).toEqual([]);
    // A member shown by the part of their email before the at sign is found by it too.
    const noName = await signUpMember(t.app, 'Temporary', 'quietlistener@example.com');
    await t.dbh.query('UPDATE profiles SET full_name = NULL WHERE id = $1', [noName.userId]);
    expect(
      (await c.get('/api/members?q=quietlis'))
        .json()
        .members.map((m: { displayName: string }) => m.displayName),
    ).toEqual(['quietlistener']);
  });
});

describe('members list and blocks', () => {
  it('leaves out of a search, for each side of a block, the other side; others still find both', async () => {
    const blocker = await signUpMember(t.app, 'Blocking Bea');
    const blocked = await signUpMember(t.app, 'Blocked Bob');
    const bystander = await signUpMember(t.app, 'Bystander Bo');
    expect((await blocker.post('/api/blocks', { userId: blocked.userId })).statusCode).toBe(201);
    const names = async (c: Client, path: string) =>
      ((await c.get(path)).json().members as { displayName: string }[]).map((m) => m.displayName);
    for (const path of ['/api/members?q=Blocked', '/api/members?q=Bo', '/api/members?q=b']) {
      expect(await names(blocker, path)).not.toContain('Blocked Bob');
      expect(await names(blocked, path)).not.toContain('Blocking Bea');
    }
    expect(await names(blocker, '/api/members?q=Bo')).toContain('Bystander Bo');
    expect(await names(bystander, '/api/members?q=B')).toEqual(
      expect.arrayContaining(['Blocked Bob', 'Blocking Bea']),
    );
    expect(await names(new Client(t.app), '/api/members?q=B')).toEqual(
      expect.arrayContaining(['Blocked Bob', 'Blocking Bea']),
    );
    // Unblocked, they find each other again.
    expect((await blocker.delete(`/api/blocks/${blocked.userId}`)).statusCode).toBe(200);
    expect(await names(blocker, '/api/members?q=Blocked')).toEqual(['Blocked Bob']);
  });
});

describe('profile picture', () => {
  it('accepts an image checked by content, resizes it on the server, and shows it on the members list', async () => {
    const m = await signUpMember(t.app, 'Picture Pia');
    const res = await m.request('POST', '/api/me/picture', undefined, { 'content-type': 'image/png' });
    expect(res.statusCode).toBe(400);
    const upload = await postPicture(m, await png(1200, 800));
    expect(upload.statusCode).toBe(200);
    const url = upload.json().me.profile.profilePicture as string;
    expect(url).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
    const listed = (await new Client(t.app).get('/api/members?q=Pia')).json().members[0];
    expect(listed.picture).toBe(url);
  });

  it('refuses what is not an image, and more than 5 MB', async () => {
    const m = await signUpMember(t.app, 'Faker');
    const fake = await postPicture(m, Buffer.from('this is not a png at all, just text pretending'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.message).toBe(PROFILE_TEXTS.pictureNotImage);
    const big = await postPicture(m, Buffer.alloc(5 * 1024 * 1024 + 10, 0xff), 'image/jpeg');
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe(PROFILE_TEXTS.pictureTooLarge);
    expect(
      (await new Client(t.app).request('POST', '/api/me/picture', undefined, { 'content-type': 'image/png' }))
        .statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/../../etc/passwd' })).statusCode).toBe(404);
  });

  it('saves the privacy toggles for real', async () => {
    const m = await signUpMember(t.app, 'Private');
    const res = await m.patch('/api/me', { showInTopSupporters: false, publicProfile: false });
    expect(res.json().me.profile).toMatchObject({ showInTopSupporters: false, publicProfile: false });
    expect((await m.get('/api/me')).json().me.profile.showInTopSupporters).toBe(false);
  });
});

describe('team page', () => {
  it('shows the core team (admin, presenter) and specialised roles grouped, with counts', async () => {
    const fresh = await createTestApp();
    try {
      const admin = await signUpMember(fresh.app, 'Boss');
      const presenter = await memberWith(fresh, 'presenter', [], 'Jade');
      const reporter = await memberWith(fresh, 'user', ['news_reporter'], 'Hannah');
      await memberWith(fresh, 'user', [], 'Just A Listener');
      const team = (await new Client(fresh.app).get('/api/team')).json();
      expect(team.core.map((m: { id: string }) => m.id)).toEqual([admin.userId, presenter.userId]);
      expect(team.specialised).toEqual([
        expect.objectContaining({
          role: 'news_reporter',
          roleName: 'News Reporter',
          members: [expect.objectContaining({ id: reporter.userId })],
        }),
      ]);
      expect(team.counts).toEqual({ total: 3, core: 2, specialised: 1 });
      expect(JSON.stringify(team)).not.toContain('@example.com');
    } finally {
      await fresh.close();
    }
  });
});
