import { PLAYER_TEXTS } from '@shared/texts/station';
import { DailyResetClock } from './daily-reset';
import { attachSource, type Detach } from './hls-attach';
import {
  clampVolume,
  DAILY_RESET_RESTART_DELAY_MS,
  initialVolume,
  reconnectDelay,
  toggledVolume,
  VOLUME_STORAGE_KEY,
} from './player-rules';
import { type StreamSource, sameSource } from './stream-source';
import { TabCoordinator } from './tab-coordinator';

export type PlayerState = 'idle' | 'loading' | 'playing' | 'error' | 'reconnecting';

export interface PlayerSnapshot {
  state: PlayerState;
  volume: number;
  /** The message shown in the error state. */
  error: string | null;
  /** A stream is known and can be played (the station is configured). */
  available: boolean;
  /** While reconnecting: when the next attempt starts (epoch ms), null while an attempt runs. */
  retryAt: number | null;
}

/** A load that neither plays nor fails within this time counts as failed. */
const LOAD_TIMEOUT_MS = 20_000;
/** Pause events within this window after we paused ourselves are ours, not the listener's. */
const OWN_PAUSE_WINDOW_MS = 750;

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The one radio player of the app, around the one <audio> element. States idle, loading, playing,
 * error, and reconnecting (a dropped stream is retried after 1, 2, 5, 10 s, then every 10 s, until the
 * listener pauses). Pausing drops the connection, so playing again is live, not a stale buffer.
 * Also: the daily 03:00 reset and one playing tab at a time.
 */
export class RadioPlayer {
  private audio: HTMLAudioElement | null = null;
  private source: StreamSource | null = null;
  private snapshot: PlayerSnapshot;
  private readonly listeners = new Set<() => void>();
  private wantsToPlay = false;
  private hasPlayed = false;
  private attempt = 0;
  private loadToken = 0;
  private detachSource: Detach | null = null;
  private ownPauseUntil = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private loadTimer: ReturnType<typeof setTimeout> | null = null;
  private resumeTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly dailyReset = new DailyResetClock(() => this.resetForTheDay());
  private readonly tabs = new TabCoordinator(() => {
    if (this.wantsToPlay) this.pause();
  });

  constructor(private readonly storage: StorageLike | null) {
    this.snapshot = {
      state: 'idle',
      volume: initialVolume(safeGet(storage)),
      error: null,
      available: false,
      retryAt: null,
    };
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getSnapshot = () => this.snapshot;

  /** The <audio> element playing the stream (the bar visualiser listens to it). */
  get mediaElement(): HTMLAudioElement | null {
    return this.audio;
  }

  private set(patch: Partial<PlayerSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const l of this.listeners) l();
  }

  attach(audio: HTMLAudioElement) {
    if (this.audio === audio) return;
    this.detach();
    this.audio = audio;
    audio.preload = 'none';
    audio.volume = this.snapshot.volume;
    for (const [type, handler] of this.handlers) audio.addEventListener(type, handler);
    globalThis.addEventListener?.('online', this.onOnline);
    this.tabs.open();
    this.dailyReset.start();
  }

  detach() {
    if (!this.audio) return;
    this.pause();
    for (const [type, handler] of this.handlers) this.audio.removeEventListener(type, handler);
    globalThis.removeEventListener?.('online', this.onOnline);
    this.tabs.close();
    this.dailyReset.stop();
    this.audio = null;
  }

  /** The station's stream changed (or became known, or went away). */
  setSource(source: StreamSource | null) {
    if (sameSource(source, this.source)) return;
    this.source = source;
    this.set({ available: source !== null });
    if (!source) {
      if (this.wantsToPlay) this.pause();
      return;
    }
    if (this.wantsToPlay) {
      this.clearTimers();
      this.stopStream();
      if (this.snapshot.retryAt) this.set({ retryAt: null });
      this.startStream();
    }
  }

  play() {
    if (!this.source || (this.wantsToPlay && this.snapshot.state !== 'error')) return;
    this.clearTimers();
    this.wantsToPlay = true;
    this.hasPlayed = false;
    this.attempt = 0;
    this.set({ state: 'loading', error: null, retryAt: null });
    this.tabs.announcePlaying();
    this.startStream();
  }

  pause() {
    this.wantsToPlay = false;
    this.clearTimers();
    this.stopStream();
    if (this.snapshot.state !== 'idle' || this.snapshot.error)
      this.set({ state: 'idle', error: null, retryAt: null });
  }

  toggle() {
    if (this.wantsToPlay) this.pause();
    else this.play();
  }

  setVolume(value: number) {
    const volume = clampVolume(value);
    if (this.audio) this.audio.volume = volume;
    try {
      this.storage?.setItem(VOLUME_STORAGE_KEY, String(volume));
    } catch {
      // Storage full or blocked: the volume still applies to this visit.
    }
    this.set({ volume });
  }

  toggleMute() {
    this.setVolume(toggledVolume(this.snapshot.volume));
  }

  /** The daily clock's check (every 60 s; exposed for tests). */
  checkDailyReset(now: Date) {
    this.dailyReset.check(now);
  }

  /** 03:00: stop, rebuild the source (it is set afresh on the next start), keep the volume, resume. */
  private resetForTheDay() {
    const wasPlaying = this.wantsToPlay;
    this.pause();
    if (this.audio) this.audio.volume = this.snapshot.volume;
    if (wasPlaying) {
      this.resumeTimer = setTimeout(() => {
        this.resumeTimer = null;
        this.play();
      }, DAILY_RESET_RESTART_DELAY_MS);
    }
  }

  private startStream() {
    const audio = this.audio;
    const source = this.source;
    if (!audio || !source) return;
    const token = ++this.loadToken;
    this.loadTimer = setTimeout(() => this.onFailure(), LOAD_TIMEOUT_MS);
    const start = (detach: Detach) => {
      if (token !== this.loadToken) return detach();
      this.detachSource = detach;
      audio.volume = this.snapshot.volume;
      audio.play().catch((err: unknown) => this.onPlayRejected(token, err));
    };
    const unplayable = (err: unknown) => {
      if (token !== this.loadToken) return;
      this.wantsToPlay = false;
      this.clearTimers();
      this.stopStream();
      const message = err instanceof Error && err.message ? err.message : PLAYER_TEXTS.streamError;
      this.set({ state: 'error', error: message, retryAt: null });
    };
    try {
      const attached = attachSource(audio, source);
      if (attached instanceof Promise) attached.then(start, unplayable);
      else start(attached);
    } catch (err) {
      unplayable(err);
    }
  }

  private onPlayRejected(token: number, err: unknown) {
    if (token !== this.loadToken) return;
    const name = err instanceof DOMException ? err.name : '';
    if (name === 'AbortError') return;
    if (name === 'NotAllowedError') {
      // The browser wants a gesture first (autoplay policy): back to idle, Play works next time.
      this.wantsToPlay = false;
      this.clearTimers();
      this.stopStream();
      this.set({ state: 'idle', retryAt: null });
      return;
    }
    this.onFailure();
  }

  private stopStream() {
    this.loadToken += 1;
    if (this.loadTimer) clearTimeout(this.loadTimer);
    this.loadTimer = null;
    this.detachSource?.();
    this.detachSource = null;
    const audio = this.audio;
    if (!audio) return;
    this.ownPauseUntil = Date.now() + OWN_PAUSE_WINDOW_MS;
    audio.pause();
    if (audio.hasAttribute('src')) {
      audio.removeAttribute('src');
      audio.load();
    }
  }

  /** The stream failed (error, ended, stalled, or a load that hangs). */
  private onFailure() {
    if (!this.wantsToPlay) return;
    if (this.loadTimer) clearTimeout(this.loadTimer);
    this.loadTimer = null;
    if (!this.hasPlayed && this.snapshot.state === 'loading') {
      // It never started: say so, and let the listener try again.
      this.wantsToPlay = false;
      this.stopStream();
      this.set({ state: 'error', error: PLAYER_TEXTS.streamError, retryAt: null });
      return;
    }
    if (this.retryTimer) return;
    this.stopStream();
    const delay = reconnectDelay(this.attempt);
    this.attempt += 1;
    this.set({ state: 'reconnecting', retryAt: Date.now() + delay });
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.set({ retryAt: null });
      this.startStream();
    }, delay);
  }

  private readonly onOnline = () => {
    if (!this.wantsToPlay || !this.retryTimer) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.set({ retryAt: null });
    this.startStream();
  };

  private readonly handlers: [string, () => void][] = [
    [
      'playing',
      () => {
        if (!this.wantsToPlay) return;
        if (this.loadTimer) clearTimeout(this.loadTimer);
        this.loadTimer = null;
        this.hasPlayed = true;
        this.attempt = 0;
        if (this.snapshot.state !== 'playing') this.set({ state: 'playing', error: null, retryAt: null });
      },
    ],
    ['error', () => this.onFailure()],
    ['ended', () => this.onFailure()],
    [
      'stalled',
      () => {
        if (this.snapshot.state === 'playing') this.onFailure();
      },
    ],
    [
      'pause',
      () => {
        // Paused from outside (OS controls, a headset unplugged): the listener's choice.
        const audio = this.audio;
        if (!audio || !this.wantsToPlay || Date.now() < this.ownPauseUntil) return;
        if (audio.ended || audio.error || this.snapshot.state !== 'playing') return;
        this.pause();
      },
    ],
  ];

  private clearTimers() {
    for (const t of [this.retryTimer, this.loadTimer, this.resumeTimer]) if (t) clearTimeout(t);
    this.retryTimer = null;
    this.loadTimer = null;
    this.resumeTimer = null;
  }
}

function safeGet(storage: StorageLike | null): string | null {
  try {
    return storage?.getItem(VOLUME_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}
