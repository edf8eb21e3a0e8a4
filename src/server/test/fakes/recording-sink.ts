import type { BackendSink, HistoryItem, LiveState, TrackChange } from '../../integrations/radio/types';

/**
 * A BackendSink that records every report, for radio backend tests.
 *
 *   const rec = createRecordingSink();
 *   await backend.start(rec.sink);
 *   await rec.waitFor(() => rec.tracks.length === 2);   // resolves when true, rejects after timeoutMs
 *   rec.tracks; rec.lives; rec.listeners; rec.histories; rec.calls (every report in order)
 */
export type SinkCall =
  | { kind: 'track'; value: TrackChange }
  | { kind: 'live'; value: LiveState }
  | { kind: 'listeners'; value: number }
  | { kind: 'history'; value: HistoryItem[] };

export function createRecordingSink() {
  const tracks: TrackChange[] = [];
  const lives: LiveState[] = [];
  const listeners: number[] = [];
  const histories: HistoryItem[][] = [];
  const calls: SinkCall[] = [];
  const waiters = new Set<() => void>();
  const record = (call: SinkCall) => {
    calls.push(call);
    for (const w of [...waiters]) w();
  };

  /** A report of one kind: kept in its own list and in `calls`. */
  const recorder =
    <T>(kind: SinkCall['kind'], list: T[]) =>
    (value: T) => {
      list.push(value);
      record({ kind, value } as SinkCall);
    };

  const sink: BackendSink = {
    trackChanged: recorder('track', tracks),
    liveChanged: recorder('live', lives),
    listenersChanged: recorder('listeners', listeners),
    historyReported: recorder('history', histories),
  };

  /** Resolves once `predicate()` is true (checked now and after each report); rejects after timeoutMs. */
  function waitFor(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
    if (predicate()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!predicate()) return;
        cleanup();
        resolve();
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(
          new Error(
            `recording sink: condition not met within ${timeoutMs} ms; calls: ${JSON.stringify(calls)}`,
          ),
        );
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
    });
  }

  return { sink, tracks, lives, listeners, histories, calls, waitFor };
}
