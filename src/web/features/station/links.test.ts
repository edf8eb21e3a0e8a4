import { describe, expect, it } from 'vitest';
import { musicSearchUrl, socialLinks } from './links';

const presenter = {
  id: 'p1',
  name: 'Jade',
  picture: null,
  twitterUsername: '@jadeonair',
  twitchUsername: null,
  instagramUsername: 'jade.spins',
  youtubeUsername: '  ',
};

describe('socialLinks', () => {
  it('builds a link for every username given, without the @', () => {
    expect(socialLinks(presenter)).toEqual([
      { network: 'twitter', label: 'Twitter / X', url: 'https://x.com/jadeonair' },
      { network: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/jade.spins' },
    ]);
    expect(socialLinks(null)).toEqual([]);
  });
});

describe('musicSearchUrl', () => {
  it('searches the title and artist', () => {
    expect(musicSearchUrl({ title: 'Midnight Drive', artist: 'The Night Owls & Co' })).toBe(
      'https://open.spotify.com/search/Midnight%20Drive%20The%20Night%20Owls%20%26%20Co',
    );
  });
});
