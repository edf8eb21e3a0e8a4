/**
 * The player's rules as pure functions, kept apart from the audio element so they
 * can be tested: volume and mute, the daily 03:00 reset, and the reconnection back-off.
 */

export const VOLUME_MIN = 0;
export const VOLUME_MAX = 1;
export const VOLUME_STEP = 0.01;
/** Default volume, and the volume that 'unmute' restores. */
export const DEFAULT_VOLUME = 0.7;

/** Clamp to 0..1 and round to the slider's 0.01 step; anything that is not a number becomes the default. */
export function clampVolume(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT_VOLUME;
  const clamped = Math.min(VOLUME_MAX, Math.max(VOLUME_MIN, value));
  return Math.round(clamped / VOLUME_STEP) / Math.round(1 / VOLUME_STEP);
}

export const isMuted = (volume: number) => volume <= 0;

/** The mute toggle: mute sets 0, unmute sets 0.7 (large player). */
export function toggledVolume(volume: number): number {
  return isMuted(volume) ? DEFAULT_VOLUME : 0;
}

export const VOLUME_STORAGE_KEY = 'onair.player.volume';

/**
 * The volume to start with from what localStorage holds. A remembered mute (0) is not carried into a
 * new visit: a listener who comes back and presses Play should hear the station.
 */
export function initialVolume(stored: string | null): number {
  if (stored === null || stored.trim() === '') return DEFAULT_VOLUME;
  const value = Number(stored);
  if (!Number.isFinite(value) || value <= 0) return DEFAULT_VOLUME;
  return clampVolume(value);
}

/** Seconds to wait before each reconnection attempt: 1, 2, 5, 10, then every 10. */
export const RECONNECT_BACKOFF_MS = [1000, 2000, 5000, 10_000] as const;

export function reconnectDelay(attempt: number): number {
  const i = Math.max(0, Math.min(Math.floor(attempt), RECONNECT_BACKOFF_MS.length - 1));
  return RECONNECT_BACKOFF_MS[i];
}

export const DAILY_RESET_HOUR = 3;
export const DAILY_RESET_CHECK_MS = 60_000;
export const DAILY_RESET_MIN_GAP_MS = 60 * 60_000;
export const DAILY_RESET_RESTART_DELAY_MS = 1000;

/**
 * Whether the daily reset is due (local time). It happens at 03:00: when a check falls in the minute
 * 03:00, or when a late check (a throttled timer) is the first one after 03:00 within that hour; and
 * never twice within an hour.
 */
export function shouldDailyReset(
  now: Date,
  lastResetAt: number | null,
  previousCheckAt: number | null = null,
): boolean {
  if (lastResetAt !== null && now.getTime() - lastResetAt < DAILY_RESET_MIN_GAP_MS) return false;
  if (now.getHours() !== DAILY_RESET_HOUR) return false;
  if (now.getMinutes() === 0) return true;
  if (previousCheckAt === null) return false;
  const resetTime = new Date(now);
  resetTime.setHours(DAILY_RESET_HOUR, 0, 0, 0);
  return previousCheckAt < resetTime.getTime();
}
