import { BOOTH_TEXTS } from '@shared/texts/booth';

/**
 * The booth's link to the station: a WebSocket on the site's own origin (the session cookie signs it in)
 * carrying MediaRecorder's Opus in quarter-second pieces. A drop is retried for up to 10 s, each new
 * connection with a new recording (its own header); the server keeps the show on air meanwhile.
 */

export type BoothState = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'ended';

export interface BoothStatus {
  state: BoothState;
  message: string | null;
  liveSince: string | null;
  slotEndsAt: string | null;
}

/** Close codes from the server that end the booth (a refusal, or the show ended): never retried. */
const FINAL_CODES = new Set([1000, 4000]);
const RETRY_FOR_MS = 10_000;
const RETRY_EVERY_MS = 1_500;
const PIECE_MS = 250;

export class BoothConnection {
  private ws: WebSocket | null = null;
  private recorder: MediaRecorder | null = null;
  private droppedAt = 0;
  private retry: ReturnType<typeof setTimeout> | null = null;
  status: BoothStatus = { state: 'idle', message: null, liveSince: null, slotEndsAt: null };

  constructor(
    private readonly stream: MediaStream,
    private readonly mimeType: string,
    private readonly onChange: (status: BoothStatus) => void,
    private readonly url = `${location.origin.replace(/^http/, 'ws')}/api/presenter/booth`,
  ) {}

  start() {
    this.set({ state: 'connecting', message: null });
    this.connect();
  }

  /** Ends the show: the server stops the stream and AutoDJ returns. */
  end() {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: 'end' }));
    else this.finish(BOOTH_TEXTS.ended);
  }

  private connect() {
    const ws = new WebSocket(this.url);
    ws.binaryType = 'arraybuffer';
    this.ws = ws;
    ws.onopen = () => this.record(ws);
    ws.onmessage = (e) => {
      if (typeof e.data !== 'string') return;
      const msg = JSON.parse(e.data) as Partial<BoothStatus> & { state?: BoothState };
      if (msg.state === 'ended') return this.finish(msg.message ?? BOOTH_TEXTS.ended);
      if (msg.state === 'live') this.droppedAt = 0;
      if (msg.state)
        this.set({
          state: msg.state,
          message: null,
          liveSince: msg.liveSince ?? this.status.liveSince,
          slotEndsAt: msg.slotEndsAt ?? this.status.slotEndsAt,
        });
    };
    ws.onclose = (e) => {
      if (ws !== this.ws) return;
      this.stopRecorder();
      if (this.status.state === 'ended') return;
      if (FINAL_CODES.has(e.code)) return this.finish(this.status.message ?? BOOTH_TEXTS.ended);
      this.droppedAt ||= Date.now();
      if (Date.now() - this.droppedAt >= RETRY_FOR_MS) return this.finish(BOOTH_TEXTS.lostConnection);
      this.set({ state: 'reconnecting', message: null });
      this.retry = setTimeout(() => this.connect(), RETRY_EVERY_MS);
    };
  }

  private record(ws: WebSocket) {
    const recorder = new MediaRecorder(this.stream, {
      ...(this.mimeType ? { mimeType: this.mimeType } : {}),
      audioBitsPerSecond: 128_000,
    });
    recorder.ondataavailable = async (e) => {
      if (e.data.size > 0 && ws.readyState === WebSocket.OPEN) ws.send(await e.data.arrayBuffer());
    };
    recorder.start(PIECE_MS);
    this.recorder = recorder;
  }

  private stopRecorder() {
    if (this.recorder && this.recorder.state !== 'inactive') this.recorder.stop();
    this.recorder = null;
  }

  private finish(message: string) {
    if (this.retry) clearTimeout(this.retry);
    this.stopRecorder();
    const ws = this.ws;
    this.ws = null;
    if (ws && ws.readyState === WebSocket.OPEN) ws.close(1000);
    this.set({ state: 'ended', message });
  }

  private set(patch: Partial<BoothStatus>) {
    this.status = { ...this.status, ...patch };
    this.onChange(this.status);
  }
}
