import type { StreamSource } from './stream-source';

/** Detaches whatever `attachSource` set up. */
export type Detach = () => void;

/**
 * Points the audio element at a source. MP3 and native HLS are a plain `src`, set synchronously.
 * Browsers that play neither MP3 nor HLS natively get hls.js, loaded on demand (its own chunk), so
 * listeners who never need it never download it.
 */
export function attachSource(audio: HTMLAudioElement, source: StreamSource): Detach | Promise<Detach> {
  if (source.kind === 'hls.js') return attachHlsJs(audio, source.url);
  // Synchronous on purpose: play() must follow in the same task as the listener's click (iOS).
  audio.src = source.url;
  return () => undefined;
}

async function attachHlsJs(audio: HTMLAudioElement, url: string): Promise<Detach> {
  const { default: Hls } = await import('hls.js');
  if (!Hls.isSupported()) throw new Error(HLS_UNSUPPORTED);
  const hls = new Hls({ lowLatencyMode: false, liveDurationInfinity: true });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    // Network hiccups are retried by hls.js; anything else surfaces as a media error on the element.
    if (data.type === Hls.ErrorTypes.NETWORK_ERROR) hls.startLoad();
    else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
  });
  hls.loadSource(url);
  hls.attachMedia(audio);
  return () => hls.destroy();
}

export const HLS_UNSUPPORTED = 'This browser cannot play the station stream.';
