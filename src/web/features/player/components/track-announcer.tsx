import { useEffect, useRef, useState } from 'react';
import type { PlayerState } from '../radio-player';

interface Song {
  title: string;
  artist: string;
}

/**
 * Tells screen readers, politely, when the song changes while the listener is playing the stream.
 * Only a new title or artist is announced: heartbeats, listener counts and the page load say nothing,
 * and a listener who is not playing is not interrupted.
 */
export function TrackAnnouncer({ song, state }: { song: Song | null; state: PlayerState }) {
  const [message, setMessage] = useState('');
  const last = useRef<string | null>(null);
  const key = song ? `${song.title}\u0000${song.artist}` : null;

  useEffect(() => {
    const previous = last.current;
    last.current = key;
    if (!song || key === previous || previous === null || state !== 'playing') return;
    setMessage(`Now playing: ${song.title} by ${song.artist}`);
  }, [key, song, state]);

  return (
    <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="track-announcer">
      {message}
    </p>
  );
}
