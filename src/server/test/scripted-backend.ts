import type {
  BackendSink,
  EngineStatus,
  RadioBackend,
  RadioCommand,
  StreamerAccount,
  StreamerInput,
  StreamerPatch,
  TrackChange,
} from '../integrations/radio/types';

/** A song the AutoDJ started now, as a backend reports it: no album, art or presenter unless `extra` gives them. */
export const autodjTrack = (
  title: string,
  artist: string,
  sequence: number,
  extra: Partial<TrackChange> = {},
): TrackChange => ({
  title,
  artist,
  album: null,
  art: null,
  source: 'autodj',
  startedAt: new Date(),
  sequence,
  streamerName: null,
  ...extra,
});

/**
 * A radio backend driven by the test itself: it reports whatever the test tells it to, exactly as a
 * real backend reports into the station's sink, and records the commands and accounts it is given.
 */
export class ScriptedBackend implements RadioBackend {
  readonly kind = 'icecast' as const;
  readonly streamUrl = 'http://127.0.0.1:9/radio.mp3';
  readonly hlsUrl = null;
  readonly supports = { streamers: true, commands: true };
  sink: BackendSink | null = null;
  commands: RadioCommand[] = [];
  /** What status() reports: set by the test (the station going off air, an audience). */
  onAir = true;
  listeners = 0;
  /**
   * What audience() reports: set by the test; null means `listeners` clients of /radio.mp3 with no
   * User-Agent (a backend that knows only its total).
   */
  clients: { mount: string; userAgent: string }[] | null = null;
  accounts = new Map<string, StreamerAccount & { password: string }>();
  private next = 1;

  async start(sink: BackendSink) {
    this.sink = sink;
  }
  async stop() {
    this.sink = null;
  }
  /** Reports a song the AutoDJ started now: no album, art or presenter unless `extra` gives them. */
  playTrack(title: string, artist: string, sequence: number, extra: Partial<TrackChange> = {}) {
    return this.sink!.trackChanged(autodjTrack(title, artist, sequence, extra));
  }
  async status(): Promise<EngineStatus> {
    return {
      kind: this.kind,
      configured: true,
      onAir: this.onAir,
      details: [{ label: 'Test', value: 'scripted' }],
      listeners: this.listeners,
      live: { isLive: false, streamerName: null },
    };
  }
  async audience() {
    return (
      this.clients ?? Array.from({ length: this.listeners }, () => ({ mount: '/radio.mp3', userAgent: '' }))
    );
  }
  async listStreamers() {
    return [...this.accounts.values()].map(({ password: _p, ...a }) => a);
  }
  async createStreamer(input: StreamerInput) {
    const id = String(this.next++);
    const a = {
      id,
      username: input.username,
      displayName: input.displayName,
      comments: input.comments ?? null,
      isActive: input.isActive ?? true,
      updatedAt: null,
      password: input.password,
    };
    this.accounts.set(id, a);
    const { password: _p, ...out } = a;
    return out;
  }
  async updateStreamer(id: string, patch: StreamerPatch) {
    const a = this.accounts.get(id);
    if (!a) throw new Error('no such streamer');
    Object.assign(a, patch);
    const { password: _p, ...out } = a;
    return out;
  }
  async deleteStreamer(id: string) {
    this.accounts.delete(id);
  }
  async command(action: RadioCommand) {
    this.commands.push(action);
  }
}
