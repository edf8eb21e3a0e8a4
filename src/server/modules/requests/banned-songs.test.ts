import { describe, expect, it } from 'vitest';
import { appForFile } from '../../test/app-for-file';
import { Client, memberWith } from '../../test/test-app';

const t = appForFile({ admin: 'Ban Admin' });

describe('banned songs', () => {
  it('admins add (trimmed, reason null when empty); everyone sees active bans, newest first', async () => {
    const a = await t.admin.post('/api/banned-songs', {
      title: '  Loud Song ',
      artist: ' Shouty ',
      reason: '   ',
    });
    expect(a.statusCode).toBe(201);
    expect(a.json().song).toMatchObject({
      title: 'Loud Song',
      artist: 'Shouty',
      reason: null,
      isActive: true,
    });
    expect(a.json().song.bannedBy).toMatchObject({ name: 'Ban Admin' });
    await t.admin.post('/api/banned-songs', {
      title: 'Rude Song',
      artist: 'Crude',
      reason: 'Explicit lyrics',
    });
    const list = (await new Client(t.app).get('/api/banned-songs')).json().songs;
    expect(list.map((s: { title: string }) => s.title).slice(0, 2)).toEqual(['Rude Song', 'Loud Song']);
    expect(list[0].bannedBy.email).toBeNull();
  });

  it('refuses a duplicate with the exact text, and missing fields', async () => {
    const dup = await t.admin.post('/api/banned-songs', { title: 'loud song', artist: 'SHOUTY' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('This song is already banned!');
    expect((await t.admin.post('/api/banned-songs', { title: ' ', artist: 'x' })).json().error.message).toBe(
      'Song title is required',
    );
  });

  it('toggles active, reveals inactive ones to admins only, and deletes permanently', async () => {
    const id = (await t.admin.post('/api/banned-songs', { title: 'Temporary', artist: 'Ban' })).json().song
      .id;
    expect((await t.admin.patch(`/api/banned-songs/${id}`, { isActive: false })).json().song.isActive).toBe(
      false,
    );
    const pub = (await new Client(t.app).get('/api/banned-songs')).json().songs;
    expect(pub.some((s: { id: string }) => s.id === id)).toBe(false);
    expect((await new Client(t.app).get('/api/banned-songs?all=true')).statusCode).toBe(403);
    const all = (await t.admin.get('/api/banned-songs?all=true')).json().songs;
    expect(all.find((s: { id: string }) => s.id === id).isActive).toBe(false);
    expect((await t.admin.delete(`/api/banned-songs/${id}`)).statusCode).toBe(200);
    expect((await t.admin.delete(`/api/banned-songs/${id}`)).statusCode).toBe(404);
  });

  it('is managed by admins only', async () => {
    const presenter = await memberWith(t, 'presenter');
    expect((await presenter.post('/api/banned-songs', { title: 'X', artist: 'Y' })).statusCode).toBe(403);
  });
});
