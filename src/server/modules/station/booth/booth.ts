import { BOOTH_TEXTS } from '../../../../shared/texts/booth';
import { type AudioProcess, PcmPacer, startDecoder, startEncoder } from './booth-audio';

/*
 * One presenter's web booth (docs/product/presenters.md#the-web-dj-booth): one encoder to the harbor for
 * the whole show, one decoder per browser connection. A connection that drops leaves the show on air
 * (silence fills the gap) for RECONNECT_GRACE_MS; the browser reconnects into the same booth. Past that,
 * or when the presenter ends the show, the encoder stops and the harbor sees the DJ leave, as it does
 * when a DJ's own software disconnects: AutoDJ returns.
 */

export type BoothState = 'connecting' | 'live' | 'reconnecting' | 'ended';

/** A drop shorter than this does not end the show. */
export const RECONNECT_GRACE_MS = 10_000;
/** The browser sends Opus at up to 128 kbit/s (16 KB/s); far more than this is not a live show. */
export const MAX_BYTES_PER_SECOND = 96_000;
const RATE_WINDOW_MS = 5_000;
/** A connection whose bytes give no sound within this long is not audio. */
const FIRST_SOUND_MS = 8_000;
/** The booth's MP3 to the harbor: as a DJ's own software would send it. */
const ENCODER_KBPS = 192;

export interface BoothSocket {
  send(text: string): void;
  close(code: number, reason: string): void;
}

export interface BoothMessage {
  type: 'state';
  state: BoothState;
  message?: string;
  /** When the show went on air, and when the presenter's booked slot ends (ISO), once live. */
  liveSince?: string;
  slotEndsAt?: string | null;
}

export interface BoothDeps {
  harbor: { host: string; port: number; mount: string };
  /** The one-time password the harbor accepts for this booth's encoder (booth-password.ts). */
  password: string;
  /** The live session the engine opened for this streaming account, if it is on air. */
  liveSession(user: string): Promise<{ startedAt: Date; slotEndsAt: Date | null } | null>;
  /** Why the harbor refused this account last, if it did. */
  refusal(user: string): string | null;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
}

export class Booth {
  state: BoothState = 'connecting';
  private socket: BoothSocket | null = null;
  private decoder: (AudioProcess & { write(chunk: Buffer): void }) | null = null;
  private encoder: (AudioProcess & { write(pcm: Buffer): void }) | null = null;
  private pacer: PcmPacer | null = null;
  private graceTimer: NodeJS.Timeout | null = null;
  private liveTimer: NodeJS.Timeout | null = null;
  private received: { at: number; bytes: number }[] = [];
  private live: BoothMessage | null = null;

  constructor(
    readonly presenterId: string,
    readonly user: string,
    private readonly deps: BoothDeps,
    private readonly onEnded: (booth: Booth) => void,
  ) {}

  /** Starts the show's encoder (the harbor then asks the app about this booth's login). */
  start() {
    const encoder = startEncoder(
      { ...this.deps.harbor, user: this.user, password: this.deps.password },
      ENCODER_KBPS,
    );
    this.encoder = encoder;
    this.pacer = new PcmPacer((pcm) => encoder.write(pcm));
    this.pacer.start();
    void encoder.exited.then(({ stderr }) => {
      if (this.state === 'ended') return;
      const refused = this.deps.refusal(this.user);
      this.deps.log.warn({ user: this.user, stderr }, 'booth: the harbor connection ended');
      this.end(
        this.state === 'connecting'
          ? refused
            ? BOOTH_TEXTS.refused(refused)
            : BOOTH_TEXTS.harborUnreachable
          : BOOTH_TEXTS.endedByStation,
      );
    });
    this.liveTimer = setInterval(() => void this.checkLive(), 500);
  }

  private async checkLive() {
    if (this.state === 'ended' || this.live) return;
    const session = await this.deps.liveSession(this.user).catch(() => null);
    if (!session || this.ended) return;
    this.live = {
      type: 'state',
      state: 'live',
      liveSince: session.startedAt.toISOString(),
      slotEndsAt: session.slotEndsAt?.toISOString() ?? null,
    };
    if (this.liveTimer) clearInterval(this.liveTimer);
    this.liveTimer = null;
    if (this.socket) this.setState('live');
    this.deps.log.info({ user: this.user }, 'booth: on air');
  }

  /** A browser connection (the first, or one reconnecting within the grace). */
  attach(socket: BoothSocket) {
    if (this.graceTimer) clearTimeout(this.graceTimer);
    this.graceTimer = null;
    this.socket = socket;
    this.received = [];
    let sounded = false;
    const decoder = startDecoder((pcm) => {
      sounded = true;
      this.pacer?.push(pcm);
    });
    this.decoder = decoder;
    const firstSound = setTimeout(() => {
      if (!sounded && this.decoder === decoder && this.received.length > 0) this.end(BOOTH_TEXTS.notAudio);
    }, FIRST_SOUND_MS);
    void decoder.exited.then(({ code }) => {
      clearTimeout(firstSound);
      if (this.decoder === decoder && !sounded && code !== 0 && this.received.length > 0)
        this.end(BOOTH_TEXTS.notAudio);
    });
    this.setState(this.live ? 'live' : 'connecting');
  }

  /** Audio from the attached browser. */
  receive(socket: BoothSocket, chunk: Buffer) {
    if (socket !== this.socket || this.state === 'ended') return;
    const now = performance.now();
    this.received.push({ at: now, bytes: chunk.length });
    while (this.received.length > 0 && this.received[0].at < now - RATE_WINDOW_MS) this.received.shift();
    const bytes = this.received.reduce((sum, r) => sum + r.bytes, 0);
    if (bytes > MAX_BYTES_PER_SECOND * (RATE_WINDOW_MS / 1000)) {
      this.end(BOOTH_TEXTS.tooFast);
      return;
    }
    // A copy: the frame's buffer is not ours to keep while the pipe to the decoder is busy.
    this.decoder?.write(Buffer.from(chunk));
  }

  /** The browser's connection closed: the show stays on air for the grace, waiting for it. */
  detach(socket: BoothSocket) {
    if (socket !== this.socket || this.state === 'ended') return;
    this.socket = null;
    this.decoder?.stop();
    this.decoder = null;
    this.state = 'reconnecting';
    this.graceTimer = setTimeout(() => this.end(BOOTH_TEXTS.lostConnection), RECONNECT_GRACE_MS);
  }

  /** Ends the show: the encoder stops, the harbor sees the DJ leave, the browser is told why. */
  end(message: string = BOOTH_TEXTS.ended) {
    if (this.state === 'ended') return;
    this.state = 'ended';
    for (const t of [this.graceTimer, this.liveTimer]) if (t) clearTimeout(t);
    this.pacer?.stop();
    this.decoder?.stop();
    this.encoder?.stop();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.send(JSON.stringify({ type: 'state', state: 'ended', message } satisfies BoothMessage));
      socket.close(1000, 'ended');
    }
    this.deps.log.info({ user: this.user, message, silenceSeconds: this.silenceSeconds }, 'booth: ended');
    this.onEnded(this);
  }

  private setState(state: BoothState) {
    this.state = state;
    const msg: BoothMessage = state === 'live' && this.live ? this.live : { type: 'state', state };
    this.socket?.send(JSON.stringify(msg));
  }

  get ended() {
    return this.state === 'ended';
  }

  /** Seconds of silence the booth filled in (gaps in what the browser sent). */
  get silenceSeconds() {
    return (this.pacer?.silenceBytes ?? 0) / (48_000 * 4);
  }
}
