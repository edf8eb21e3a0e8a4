import type { SongRef } from '@shared/contracts/station';
import { useEffect } from 'react';
import type { PlayerState, RadioPlayer } from './radio-player';

const artType = (url: string) =>
  /\.svg(\?|$)/i.test(url) ? 'image/svg+xml' : /\.png(\?|$)/i.test(url) ? 'image/png' : 'image/jpeg';

/**
 * Lock-screen and hardware-key integration: the current song's title, artist, album and artwork, and
 * play/pause/stop handlers driving the one player.
 */
export function useMediaSession(
  player: RadioPlayer,
  song: SongRef | null,
  state: PlayerState,
  station: { name: string; defaultArt: string } | null,
) {
  const hasSession = typeof navigator !== 'undefined' && 'mediaSession' in navigator;
  const title = song?.title ?? station?.name ?? '';
  const artist = song ? song.artist : 'Live radio';
  const album = song?.album ?? station?.name ?? '';
  const art = song?.art ?? station?.defaultArt ?? '';

  useEffect(() => {
    if (!hasSession || typeof MediaMetadata === 'undefined' || !title) return;
    const src = art ? new URL(art, window.location.href).href : '';
    navigator.mediaSession.metadata = new MediaMetadata({
      title,
      artist,
      album,
      artwork: src ? [{ src, sizes: '600x600', type: artType(src) }] : [],
    });
  }, [hasSession, title, artist, album, art]);

  useEffect(() => {
    if (!hasSession) return;
    const ms = navigator.mediaSession;
    const actions: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => player.play()],
      ['pause', () => player.pause()],
      ['stop', () => player.pause()],
    ];
    for (const [action, handler] of actions) {
      try {
        ms.setActionHandler(action, handler);
      } catch {
        // This browser does not know the action.
      }
    }
    return () => {
      for (const [action] of actions) {
        try {
          ms.setActionHandler(action, null);
        } catch {
          // Ignored as above.
        }
      }
    };
  }, [hasSession, player]);

  useEffect(() => {
    if (!hasSession) return;
    navigator.mediaSession.playbackState =
      state === 'playing' || state === 'loading' || state === 'reconnecting' ? 'playing' : 'paused';
  }, [hasSession, state]);
}
