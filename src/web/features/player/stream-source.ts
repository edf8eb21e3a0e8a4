import type { NowPlaying } from '@shared/contracts/station';

/**
 * What the player plays. The MP3 relay is the normal case. HLS is used only when the station offers it
 * AND the browser cannot play MP3 itself (or the station has no MP3 stream): natively where the browser
 * plays HLS (Safari, iOS), otherwise through hls.js (see `hls-attach.ts`).
 */
export type StreamSource =
  | { kind: 'mp3'; url: string }
  | { kind: 'native-hls'; url: string }
  | { kind: 'hls.js'; url: string };

/** `HTMLMediaElement.canPlayType`: '' (no), 'maybe' or 'probably'. */
export type CanPlayType = (mime: string) => string;

export const MP3_MIME = 'audio/mpeg';
export const HLS_MIME = 'application/vnd.apple.mpegurl';

/** The source to play for a station, or null when the station cannot be played (not configured). */
export function pickStreamSource(
  station: Pick<NowPlaying['station'], 'configured' | 'streamUrl' | 'hlsUrl'> | null | undefined,
  canPlayType: CanPlayType,
): StreamSource | null {
  if (!station?.configured) return null;
  const mp3Ok = canPlayType(MP3_MIME) !== '';
  if (station.hlsUrl && (!mp3Ok || !station.streamUrl)) {
    return canPlayType(HLS_MIME) !== ''
      ? { kind: 'native-hls', url: station.hlsUrl }
      : { kind: 'hls.js', url: station.hlsUrl };
  }
  if (!station.streamUrl) return null;
  return { kind: 'mp3', url: station.streamUrl };
}

export const sameSource = (a: StreamSource | null, b: StreamSource | null) =>
  a?.kind === b?.kind && a?.url === b?.url;
