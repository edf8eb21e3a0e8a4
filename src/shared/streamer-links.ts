import type { RecognisedStreamer } from './contracts/streamers';

/** The channel page 'Watch' opens: Twitch for twitch (and both), YouTube for youtube; null otherwise. */
export function watchUrlOf(s: Pick<RecognisedStreamer, 'platform' | 'twitchUsername' | 'youtubeChannelId'>) {
  const twitch = s.twitchUsername ? `https://www.twitch.tv/${encodeURIComponent(s.twitchUsername)}` : null;
  const youtube = youtubeUrlOf(s.youtubeChannelId);
  if (s.platform === 'twitch') return twitch;
  if (s.platform === 'youtube') return youtube;
  if (s.platform === 'both') return twitch ?? youtube;
  return null;
}

export function youtubeUrlOf(id: string | null) {
  if (!id) return null;
  return /^UC[\w-]{22}$/.test(id)
    ? `https://www.youtube.com/channel/${id}`
    : `https://www.youtube.com/@${encodeURIComponent(id.replace(/^@/, ''))}`;
}
