import { describe, expect, it } from 'vitest';
import { STREAMERS_TEXTS } from '../../../shared/texts/content';
import { appForFile } from '../../test/app-for-file';
import { memberWith } from '../../test/test-app';

const t = appForFile({ admin: 'Streamers Admin' });

type Streamer = { id: string; username: string; isActive: boolean; displayOrder: number; isLive: boolean };

async function add(body: Record<string, unknown>): Promise<Streamer> {
  const res = await t.admin.post('/api/streamers', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().streamer;
}

describe('community streamers', () => {
  it('requires a username and a platform; display order is an integer, 0 by default; new ones are active', async () => {
    const noName = await t.admin.post('/api/streamers', { username: ' ', platform: 'twitch' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toBe('Username is required');
    const noPlatform = await t.admin.post('/api/streamers', { username: 'someone' });
    expect(noPlatform.json().error.message).toBe('Platform is required');
    const badOrder = await t.admin.post('/api/streamers', {
      username: 'x',
      platform: 'twitch',
      displayOrder: 1.5,
    });
    expect(badOrder.json().error.message).toBe('Display order must be a whole number');
    const s = await add({
      username: '  DJ Nova ',
      platform: 'twitch',
      twitchUsername: '@dj_nova',
      twitterUsername: '@novatweets',
      instagramUsername: '',
      description: '  Deep house every Friday. ',
      discordUsername: 'nova#0001',
    });
    expect(s).toMatchObject({
      username: 'DJ Nova',
      twitchUsername: 'dj_nova',
      twitterUsername: 'novatweets',
      instagramUsername: null,
      description: 'Deep house every Friday.',
      displayOrder: 0,
      isActive: true,
      isLive: false,
    });
  });

  it('accepts twitch, youtube, both and other, and checks channel names', async () => {
    for (const platform of ['youtube', 'both', 'other']) {
      expect((await t.admin.post('/api/streamers', { username: `p-${platform}`, platform })).statusCode).toBe(
        201,
      );
    }
    expect((await t.admin.post('/api/streamers', { username: 'x', platform: 'myspace' })).statusCode).toBe(
      400,
    );
    const badTwitch = await t.admin.post('/api/streamers', {
      username: 'x',
      platform: 'twitch',
      twitchUsername: 'no spaces!',
    });
    expect(badTwitch.json().error.fields.twitchUsername).toBe(
      'A Twitch username has up to 25 letters, digits or underscores.',
    );
    const badImage = await t.admin.post('/api/streamers', {
      username: 'x',
      platform: 'other',
      profileImage: 'data:x',
    });
    expect(badImage.statusCode).toBe(400);
  });

  it('shows visitors the active streamers by display order', async () => {
    await t.dbh.query('DELETE FROM recognised_streamers');
    await add({ username: 'Third', platform: 'other', displayOrder: 3 });
    await add({ username: 'First', platform: 'other', displayOrder: -1 });
    const hidden = await add({ username: 'Hidden', platform: 'other', displayOrder: 0 });
    await add({ username: 'Second', platform: 'other', displayOrder: 1 });
    const off = await t.admin.patch(`/api/streamers/${hidden.id}`, { isActive: false });
    expect(off.json().streamer.isActive).toBe(false);
    const pub = (await t.anon.get('/api/streamers')).json().streamers as Streamer[];
    expect(pub.map((s) => s.username)).toEqual(['First', 'Second', 'Third']);
    const all = (await t.admin.get('/api/streamers/all')).json();
    expect(all.streamers.map((s: Streamer) => s.username)).toEqual(['First', 'Hidden', 'Second', 'Third']);
    expect(all.twitch).toEqual({ configured: false, lastCheckedAt: null, lastError: null });
  });

  it('edits and deletes; an unknown streamer is a 404', async () => {
    const s = await add({ username: 'Editable', platform: 'youtube', youtubeChannelId: '@editable' });
    const edited = await t.admin.patch(`/api/streamers/${s.id}`, { username: 'Edited', displayOrder: 5 });
    expect(edited.json().streamer).toMatchObject({
      username: 'Edited',
      displayOrder: 5,
      youtubeChannelId: 'editable',
    });
    expect((await t.admin.patch(`/api/streamers/${s.id}`, { username: '' })).statusCode).toBe(400);
    expect((await t.admin.delete(`/api/streamers/${s.id}`)).statusCode).toBe(200);
    expect((await t.admin.delete(`/api/streamers/${s.id}`)).statusCode).toBe(404);
    expect((await t.admin.patch('/api/streamers/x', { username: 'y' })).statusCode).toBe(404);
  });

  it('is managed by admins only', async () => {
    const staff = await memberWith(t, 'staff');
    expect((await staff.post('/api/streamers', { username: 'x', platform: 'twitch' })).statusCode).toBe(403);
    expect((await t.anon.get('/api/streamers/all')).statusCode).toBe(401);
  });

  it('has the exact success and error texts', () => {
    expect(STREAMERS_TEXTS.added).toBe('Streamer added successfully!');
    expect(STREAMERS_TEXTS.updated).toBe('Streamer updated successfully!');
    expect(STREAMERS_TEXTS.deleted).toBe('Streamer deleted successfully!');
    expect(STREAMERS_TEXTS.saveError('boom')).toBe('Error saving streamer: boom');
    expect(STREAMERS_TEXTS.updateError('boom')).toBe('Error updating streamer: boom');
    expect(STREAMERS_TEXTS.deleteError('boom')).toBe('Error deleting streamer: boom');
    expect(STREAMERS_TEXTS.empty).toBe('No streamers to display yet');
    expect(STREAMERS_TEXTS.loading).toBe('Loading streamers...');
    expect(STREAMERS_TEXTS.subtitle).toBe('Check out these streamers from our community');
  });
});
