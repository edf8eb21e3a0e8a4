/** What a live track is called when the DJ's software sends no title (the engine's placeholder too). */
export const LIVE_SHOW_TITLE = 'Live show';
const LIVE_PRESENTER = 'Live presenter';

/**
 * A live track as listeners see it. When the DJ's software sends no title, the engine fills in
 * "Live show" by the streaming account (e.g. presenter-7054): that technical name never reaches a
 * listener. The title becomes the show on the schedule now, the artist the presenter's display name.
 * A real title and artist sent by the DJ are kept.
 */
export function liveTrackLabel(
  track: { title: string; artist: string; album: string | null; streamerName: string | null },
  known: { presenterName: string | null; showName: string | null },
): { title: string; artist: string; album: string | null } {
  const title = track.title.trim();
  const artist = track.artist.trim();
  const account = track.streamerName?.trim().toLowerCase() ?? '';
  const untitled = !title || title.toLowerCase() === LIVE_SHOW_TITLE.toLowerCase();
  const byAccount = !artist || (account !== '' && artist.toLowerCase() === account);
  if (!untitled && !byAccount) return track;
  return {
    title: untitled ? (known.showName ?? LIVE_SHOW_TITLE) : title,
    artist: byAccount ? (known.presenterName ?? LIVE_PRESENTER) : artist,
    album: untitled ? null : track.album,
  };
}
