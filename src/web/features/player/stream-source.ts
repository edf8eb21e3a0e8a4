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

type StationStreams = Pick<NowPlaying['station'], 'configured' | 'streamUrl' | 'hlsUrl'> &
  Partial<Pick<NowPlaying['station'], 'streams'>>;

/** Where the listener's chosen quality (kbps) is kept between visits. */
export const QUALITY_STORAGE_KEY = 'onair.player.quality';

/** The qualities a listener can pick from: the station's non-HLS streams with a known bitrate. */
export function qualityOptions(station: StationStreams | null | undefined): NowPlaying['station']['streams'] {
  return (station?.streams ?? []).filter((s) => s.format !== 'hls' && s.bitrate !== null);
}

/**
 * The source to play for a station, or null when the station cannot be played (not configured). With
 * several qualities, the one of `preferredKbps` plays when the station has it, else the first (highest).
 */
export function pickStreamSource(
  station: StationStreams | null | undefined,
  canPlayType: CanPlayType,
  preferredKbps: number | null = null,
): StreamSource | null {
  if (!station?.configured) return null;
  const mp3Ok = canPlayType(MP3_MIME) !== '';
  if (station.hlsUrl && (!mp3Ok || !station.streamUrl)) {
    return canPlayType(HLS_MIME) !== ''
      ? { kind: 'native-hls', url: station.hlsUrl }
      : { kind: 'hls.js', url: station.hlsUrl };
  }
  if (!station.streamUrl) return null;
  const chosen = qualityOptions(station).find((s) => s.bitrate === preferredKbps);
  return { kind: 'mp3', url: chosen?.url ?? station.streamUrl };
}

/** The stored quality (kbps), or null. */
export function storedQuality(storage: Pick<Storage, 'getItem'> | null): number | null {
  try {
    const n = Number(storage?.getItem(QUALITY_STORAGE_KEY) ?? '');
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

export const sameSource = (a: StreamSource | null, b: StreamSource | null) =>
  a?.kind === b?.kind && a?.url === b?.url;
