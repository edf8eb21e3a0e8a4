/** The member's likes as GET /api/likes answers them, and the rules for reading and changing them. */
export interface LikesState {
  songIds: string[];
  songs: { title: string; artist: string }[];
}

export interface LikeableSong {
  id?: string | null;
  title: string;
  artist: string;
  album?: string | null;
  art?: string | null;
}

const norm = (s: string) => s.trim().toLowerCase();
const sameSong = (a: { title: string; artist: string }, b: { title: string; artist: string }) =>
  norm(a.title) === norm(b.title) && norm(a.artist) === norm(b.artist);

/** Liked when the song's id is among the liked ids, or its title and artist match (case-insensitive). */
export function isSongLiked(likes: LikesState | undefined | null, song: LikeableSong): boolean {
  if (!likes) return false;
  if (song.id && likes.songIds.includes(song.id)) return true;
  return likes.songs.some((s) => sameSong(s, song));
}

/** The likes after `song` became liked or not (used optimistically, then with the server's answer). */
export function withLike(
  likes: LikesState | undefined | null,
  song: LikeableSong,
  liked: boolean,
  songId: string | null = song.id ?? null,
): LikesState {
  const base = likes ?? { songIds: [], songs: [] };
  const songIds = base.songIds.filter((id) => id !== songId && id !== song.id);
  const songs = base.songs.filter((s) => !sameSong(s, song));
  if (!liked) return { songIds, songs };
  return {
    songIds: songId ? [songId, ...songIds] : songIds,
    songs: [{ title: song.title, artist: song.artist }, ...songs],
  };
}
