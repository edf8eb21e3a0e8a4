import type { NowPlaying } from '@shared/contracts/station';
import { ON_AIR_TEXTS } from '@shared/texts/station';

export type OnAirState = 'live' | 'autodj' | 'off-air';

/**
 * What the station is doing, as a listener should read it: a presenter live, the AutoDJ playing, or
 * off air (no engine set up, or nothing known to be playing). Unknown (not loaded yet) is null.
 */
export function onAirState(np: NowPlaying | undefined | null): OnAirState | null {
  if (!np) return null;
  if (!np.station.configured) return 'off-air';
  if (np.live.isLive) return 'live';
  return np.nowPlaying ? 'autodj' : 'off-air';
}

/** The marker's words: LIVE, AutoDJ or OFF AIR. */
export const ON_AIR_LABEL: Record<OnAirState, string> = {
  live: 'LIVE',
  autodj: 'AutoDJ',
  'off-air': 'OFF AIR',
};

/**
 * Whether the AutoDJ is what is on air now (no presenter live, a track playing). A station without
 * music, or whose engine is not set up, has no AutoDJ to promise; while a presenter is live it is not
 * known, and nothing is promised.
 */
export function autoDjOnAir(np: NowPlaying | undefined | null): boolean {
  return onAirState(np) === 'autodj';
}

/**
 * The quality listeners get: the best stream's bitrate and format ("128 kbps MP3"), "Adaptive quality"
 * when only HLS says none, null when nothing is known (no stream, or an outside one).
 */
export function streamQuality(
  np: NowPlaying | undefined | null,
): { kbps: number; format: string } | 'adaptive' | null {
  const streams = np?.station.configured ? np.station.streams : [];
  const best = streams
    .filter((s) => s.bitrate !== null && s.format !== 'hls')
    .sort((a, b) => (b.bitrate ?? 0) - (a.bitrate ?? 0))[0];
  if (best?.bitrate) return { kbps: best.bitrate, format: best.format === 'other' ? '' : best.format };
  return streams.some((s) => s.format === 'hls') ? 'adaptive' : null;
}

/** The quality as words: "128 kbps MP3", "Adaptive quality", or "Stream quality" when unknown. */
export function streamQualityText(np: NowPlaying | undefined | null): string {
  const q = streamQuality(np);
  if (q === 'adaptive') return ON_AIR_TEXTS.qualityAdaptive;
  return q ? ON_AIR_TEXTS.quality(q.kbps, q.format) : ON_AIR_TEXTS.qualityUnknown;
}
