import type { NowPlaying } from '@shared/contracts/station';

type Presenter = NonNullable<NowPlaying['live']['presenter']>;

export type SocialNetwork = 'twitter' | 'twitch' | 'instagram' | 'youtube';

export interface SocialLink {
  network: SocialNetwork;
  label: string;
  url: string;
}

const clean = (name: string | null) => (name ?? '').trim().replace(/^@/, '');

/** The presenter's social profiles, built from their usernames (empty ones are left out). */
export function socialLinks(p: Presenter | null | undefined): SocialLink[] {
  if (!p) return [];
  const all: [SocialNetwork, string, string | null, (u: string) => string][] = [
    ['twitter', 'Twitter / X', p.twitterUsername, (u) => `https://x.com/${u}`],
    ['twitch', 'Twitch', p.twitchUsername, (u) => `https://www.twitch.tv/${u}`],
    ['instagram', 'Instagram', p.instagramUsername, (u) => `https://www.instagram.com/${u}`],
    ['youtube', 'YouTube', p.youtubeUsername, (u) => `https://www.youtube.com/@${u}`],
  ];
  return all
    .map(([network, label, name, url]) => ({ network, label, name: clean(name), url }))
    .filter((x) => x.name)
    .map(({ network, label, name, url }) => ({ network, label, url: url(encodeURIComponent(name)) }));
}

/** A music-service search for a song (each recently played track links to one). */
export function musicSearchUrl(song: { title: string; artist: string }): string {
  return `https://open.spotify.com/search/${encodeURIComponent(`${song.title} ${song.artist}`)}`;
}
