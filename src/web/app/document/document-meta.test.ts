import { describe, expect, it } from 'vitest';
import { DEFAULT_DESCRIPTION, documentMeta, titleWithUnread } from './document-meta';

const site = { title: 'OnAir Radio', description: '', defaultArt: '/station-art.svg' };

describe('documentMeta', () => {
  it('follows the song while one is known', () => {
    expect(
      documentMeta({ title: 'Midnight Drive', artist: 'The Night Owls', art: 'https://i/x.jpg' }, site),
    ).toEqual({
      title: 'Midnight Drive – The Night Owls · OnAir Radio',
      ogTitle: 'Midnight Drive – The Night Owls',
      ogDescription: 'by The Night Owls · Listen live on OnAir Radio',
      ogImage: 'https://i/x.jpg',
    });
  });

  it('restores the site title and the station image otherwise', () => {
    expect(documentMeta(null, site)).toEqual({
      title: 'OnAir Radio',
      ogTitle: 'OnAir Radio',
      ogDescription: DEFAULT_DESCRIPTION,
      ogImage: '/station-art.svg',
    });
  });
});

describe('the tab title with unread direct messages', () => {
  it('puts the count in front, replaces an old one and drops it at zero', () => {
    expect(titleWithUnread('OnAir Radio', 2)).toBe('(2) OnAir Radio');
    expect(titleWithUnread('(2) OnAir Radio', 3)).toBe('(3) OnAir Radio');
    expect(titleWithUnread('(3) Midnight Drive – The Night Owls · OnAir Radio', 0)).toBe(
      'Midnight Drive – The Night Owls · OnAir Radio',
    );
    expect(titleWithUnread('OnAir Radio', 120)).toBe('(99+) OnAir Radio');
  });
});
