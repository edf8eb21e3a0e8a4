import { describe, expect, it } from 'vitest';
import { isSongLiked, withLike } from './likes';

const likes = { songIds: ['s1'], songs: [{ title: 'Midnight Drive', artist: 'The Night Owls' }] };

describe('isSongLiked', () => {
  it('matches by song id, or by title and artist ignoring case and spaces', () => {
    expect(isSongLiked(likes, { id: 's1', title: 'x', artist: 'y' })).toBe(true);
    expect(isSongLiked(likes, { id: null, title: ' midnight drive', artist: 'THE NIGHT OWLS' })).toBe(true);
    expect(isSongLiked(likes, { id: 's2', title: 'Midnight Drive', artist: 'Someone Else' })).toBe(false);
    expect(isSongLiked(undefined, { title: 'Midnight Drive', artist: 'The Night Owls' })).toBe(false);
  });
});

describe('withLike', () => {
  it('adds and removes a like', () => {
    const song = { id: 's2', title: 'Neon Rain', artist: 'Lumen' };
    const added = withLike(likes, song, true);
    expect(isSongLiked(added, song)).toBe(true);
    expect(added.songIds).toEqual(['s2', 's1']);
    const removed = withLike(added, { title: 'neon rain', artist: 'lumen' }, false, 's2');
    expect(isSongLiked(removed, song)).toBe(false);
    expect(removed).toEqual(likes);
  });

  it('records the id the server gave a song that had none', () => {
    const liked = withLike(null, { id: null, title: 'New', artist: 'Band' }, true, 'fresh');
    expect(liked).toEqual({ songIds: ['fresh'], songs: [{ title: 'New', artist: 'Band' }] });
  });
});
