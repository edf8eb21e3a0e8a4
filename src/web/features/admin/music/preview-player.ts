import { useSyncExternalStore } from 'react';
import { trackAudioUrl } from './music-api';

/**
 * The library's preview player: one track at a time, played in the browser from the library's own file
 * (docs/product/media-library-and-autodj.md, "The library screen"). Starting another stops the first.
 */
let audio: HTMLAudioElement | null = null;
let playing: string | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

function stop() {
  audio?.pause();
  audio = null;
  playing = null;
}

export function togglePreview(trackId: string) {
  const again = playing === trackId;
  stop();
  if (!again) {
    const a = new Audio(trackAudioUrl(trackId));
    a.preload = 'auto';
    const ended = () => {
      if (audio === a) stop();
      emit();
    };
    a.onended = ended;
    a.onerror = ended;
    audio = a;
    playing = trackId;
    a.play().catch(() => {
      if (audio === a) stop();
      emit();
    });
  }
  emit();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The id of the track the preview player is playing, or null. */
export const usePreviewing = () =>
  useSyncExternalStore(
    subscribe,
    () => playing,
    () => null,
  );
