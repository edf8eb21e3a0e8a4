import type { StreamSource } from './stream-source';

/** Detaches whatever `attachSource` set up. */
export type Detach = () => void;

/**
 * Points the audio element at a source. MP3 and native HLS are a plain `src`, set synchronously.
 *
 * The switch point for hls.js: browsers that play neither MP3 nor HLS natively need the `hls.js`
 * package, which is not installed. Once it is, this branch becomes:
 *   const { default: Hls } = await import('hls.js');
 *   const hls = new Hls(); hls.loadSource(source.url); hls.attachMedia(audio); return () => hls.destroy();
 * Until then the player reports the stream as unplayable rather than pretending.
 */
export function attachSource(audio: HTMLAudioElement, source: StreamSource): Detach | Promise<Detach> {
  if (source.kind === 'hls.js') {
    return Promise.reject(new Error(HLS_UNSUPPORTED));
  }
  // Synchronous on purpose: play() must follow in the same task as the listener's click (iOS).
  audio.src = source.url;
  return () => undefined;
}

export const HLS_UNSUPPORTED = 'This browser cannot play the station stream (HLS support is not installed).';
