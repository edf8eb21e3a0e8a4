import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient } from './realtime-client';

/** A stand-in for the browser's EventSource that records what the client does with it. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  readonly listeners = new Map<string, (e: MessageEvent) => void>();
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;

  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, fn);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, id: string, data: unknown) {
    this.listeners.get(type)?.({ type, lastEventId: id, data: JSON.stringify(data) } as MessageEvent);
  }
}

const last = () => FakeEventSource.instances.at(-1)!;

describe('RealtimeClient', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('delivers events by type with their parsed data', () => {
    const client = new RealtimeClient('/api/events');
    const seen: unknown[] = [];
    client.subscribe('notification.created', (data) => seen.push(data));
    client.start();
    last().emit('notification.created', '7', { id: 'n1' });
    expect(seen).toEqual([{ id: 'n1' }]);
  });

  it('reconnects after 1, 2, 5, 10, 10 s and resumes from the last event id', () => {
    const client = new RealtimeClient('/api/events');
    client.subscribe('me.changed', () => undefined);
    client.start();
    last().emit('me.changed', '42', {});

    const delays = [1000, 2000, 5000, 10_000, 10_000];
    for (const delay of delays) {
      const before = FakeEventSource.instances.length;
      last().onerror?.();
      expect(last().closed).toBe(true);
      vi.advanceTimersByTime(delay - 1);
      expect(FakeEventSource.instances.length).toBe(before);
      vi.advanceTimersByTime(1);
      expect(FakeEventSource.instances.length).toBe(before + 1);
      expect(last().url).toBe('/api/events?lastEventId=42');
    }
  });

  it('resets the back-off after a successful open and reports the recovery', () => {
    const client = new RealtimeClient('/api/events');
    const onReconnect = vi.fn();
    client.onReconnect = onReconnect;
    client.start();
    last().onerror?.();
    vi.advanceTimersByTime(1000);
    last().onerror?.();
    vi.advanceTimersByTime(2000);
    last().onopen?.();
    expect(onReconnect).toHaveBeenCalledTimes(1);
    const before = FakeEventSource.instances.length;
    last().onerror?.();
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.instances.length).toBe(before + 1);
  });

  it('restarts at once on a session change, forgetting the position unless told to resume', () => {
    const client = new RealtimeClient('/api/events');
    client.subscribe('x', () => undefined);
    client.start();
    last().emit('x', '9', {});
    client.restart({ resume: true });
    expect(last().url).toBe('/api/events?lastEventId=9');
    client.restart({ resume: false });
    expect(last().url).toBe('/api/events');
    expect(FakeEventSource.instances.slice(0, -1).every((s) => s.closed)).toBe(true);
  });

  it('stops reconnecting once stopped', () => {
    const client = new RealtimeClient('/api/events');
    client.start();
    last().onerror?.();
    client.stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances.length).toBe(1);
  });
});
