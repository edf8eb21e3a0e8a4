import type { BackendSink, LiveState, TrackChange } from '../types';

/** A sink that keeps every report, for tests. */
export class RecordingSink implements BackendSink {
  readonly tracks: TrackChange[] = [];
  readonly lives: LiveState[] = [];
  readonly listeners: number[] = [];

  trackChanged(change: TrackChange) {
    this.tracks.push(change);
  }
  liveChanged(state: LiveState) {
    this.lives.push(state);
  }
  listenersChanged(total: number) {
    this.listeners.push(total);
  }
}

/**
 * Polls `probe` every 50 ms until it gives a truthy value, which is returned. On timeout the error
 * says what was awaited, plus `context()` (e.g. the engine's last output).
 */
export async function waitUntil<T>(
  what: string,
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
  context: () => string = () => '',
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}\n${context()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
