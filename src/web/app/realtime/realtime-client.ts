import { LIMITS } from '@shared/limits';

export type RealtimeHandler = (data: unknown, meta: { id: string; type: string }) => void;

/**
 * A local event (never sent by the server): the stream has just opened. From then on every event is
 * delivered, so a page waiting for one can read the current state once and rely on events after it.
 */
export const STREAM_OPENED = 'stream.opened';

/**
 * One Server-Sent Events connection per tab (GET /api/events).
 * We reconnect ourselves with a fixed back-off (1, 2, 5, 10 s), resuming from the last event id seen,
 * and reset the back-off after every successful open. Nothing here polls.
 */
export class RealtimeClient {
  private source: EventSource | null = null;
  private readonly handlers = new Map<string, Set<RealtimeHandler>>();
  private attached = new Set<string>();
  private lastEventId: string | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private recovering = false;
  private running = false;

  /** Called after the stream reopens following an error, so callers can refresh what they show. */
  onReconnect: (() => void) | null = null;

  constructor(
    private readonly url = '/api/events',
    private readonly backoffMs: readonly number[] = LIMITS.realtimeReconnectBackoffMs,
  ) {}

  /** Opens the stream; `from` (an event id, e.g. the page's) makes its first open resume after that event. */
  start(from: string | null = null) {
    if (from !== null && this.lastEventId === null) this.lastEventId = from;
    this.running = true;
    if (!this.source && !this.timer) this.open();
  }

  stop() {
    this.running = false;
    this.clearTimer();
    this.closeSource();
  }

  /** Reopen now, e.g. when the session changes so the server recomputes the caller's topics. */
  restart({ resume }: { resume: boolean }) {
    if (!resume) this.lastEventId = null;
    this.clearTimer();
    this.closeSource();
    this.attempt = 0;
    if (this.running) this.open();
  }

  subscribe(type: string, handler: RealtimeHandler): () => void {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    set.add(handler);
    this.attach(type);
    return () => {
      set.delete(handler);
    };
  }

  private open() {
    if (typeof EventSource === 'undefined') return;
    const url = this.lastEventId
      ? `${this.url}?lastEventId=${encodeURIComponent(this.lastEventId)}`
      : this.url;
    const source = new EventSource(url);
    this.source = source;
    this.attached = new Set();
    for (const type of this.handlers.keys()) this.attach(type);
    source.onopen = () => {
      this.attempt = 0;
      if (this.recovering) {
        this.recovering = false;
        this.onReconnect?.();
      }
      for (const handler of this.handlers.get(STREAM_OPENED) ?? [])
        handler(null, { id: '', type: STREAM_OPENED });
    };
    source.onerror = () => {
      if (this.source !== source) return;
      this.closeSource();
      this.recovering = true;
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect() {
    if (!this.running) return;
    const delay = this.backoffMs[Math.min(this.attempt, this.backoffMs.length - 1)];
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.running) this.open();
    }, delay);
  }

  private attach(type: string) {
    if (!this.source || this.attached.has(type)) return;
    this.attached.add(type);
    this.source.addEventListener(type, this.dispatch as EventListener);
  }

  private readonly dispatch = (event: MessageEvent<string>) => {
    if (event.lastEventId) this.lastEventId = event.lastEventId;
    let data: unknown = null;
    try {
      data = event.data ? JSON.parse(event.data) : null;
    } catch {
      data = event.data;
    }
    for (const handler of this.handlers.get(event.type) ?? []) {
      try {
        handler(data, { id: event.lastEventId, type: event.type });
      } catch (err) {
        console.warn('Realtime handler failed for', event.type, err);
      }
    }
  };

  private closeSource() {
    if (!this.source) return;
    this.source.onopen = null;
    this.source.onerror = null;
    this.source.close();
    this.source = null;
  }

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
