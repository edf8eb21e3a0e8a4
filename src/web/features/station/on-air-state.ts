import type { NowPlaying } from '@shared/contracts/station';

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
