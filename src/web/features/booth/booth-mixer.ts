/**
 * The booth's sound in the browser (Web Audio): the microphone and a music deck mixed into one stream
 * for MediaRecorder. While the microphone is open (not muted) the deck is ducked ("talk-over").
 */

/** How far the deck drops while the presenter talks over it. */
export const DUCKED_GAIN = 0.25;
const DUCK_SECONDS = 0.25;

export class BoothMixer {
  readonly context = new AudioContext();
  readonly output = this.context.createMediaStreamDestination();
  private readonly micGain = this.context.createGain();
  private readonly micMeter = this.context.createAnalyser();
  private readonly deckGain = this.context.createGain();
  private readonly duck = this.context.createGain();
  private micSource: MediaStreamAudioSourceNode | null = null;
  private micStream: MediaStream | null = null;
  private deckElement: HTMLAudioElement | null = null;
  private deckSource: MediaElementAudioSourceNode | null = null;
  private muted = false;

  constructor() {
    this.micMeter.fftSize = 1024;
    this.micGain.connect(this.micMeter);
    this.micGain.connect(this.output);
    this.deckGain.connect(this.duck);
    this.duck.connect(this.output);
    this.applyDuck();
  }

  /** Opens the chosen microphone (the default one when `deviceId` is empty). */
  async openMicrophone(deviceId: string) {
    const stream = await navigator.mediaDevices.getUserMedia({
      audio: {
        ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
        echoCancellation: false,
        noiseSuppression: false,
        autoGainControl: false,
      },
    });
    this.micSource?.disconnect();
    for (const t of this.micStream?.getTracks() ?? []) t.stop();
    this.micStream = stream;
    this.micSource = this.context.createMediaStreamSource(stream);
    this.micSource.connect(this.micGain);
  }

  setMuted(muted: boolean) {
    this.muted = muted;
    this.micGain.gain.setTargetAtTime(muted ? 0 : 1, this.context.currentTime, 0.02);
    this.applyDuck();
  }

  /** The microphone's level, 0–1 (RMS of the last few milliseconds), for the meter. */
  micLevel(): number {
    const data = new Float32Array(this.micMeter.fftSize);
    this.micMeter.getFloatTimeDomainData(data);
    let sum = 0;
    for (const v of data) sum += v * v;
    return Math.min(1, Math.sqrt(sum / data.length) * 3);
  }

  /** Loads a file into the deck (cued at its start, paused). */
  loadDeck(url: string) {
    if (!this.deckElement) {
      this.deckElement = new Audio();
      this.deckElement.crossOrigin = 'use-credentials';
      this.deckSource = this.context.createMediaElementSource(this.deckElement);
      this.deckSource.connect(this.deckGain);
    }
    this.deckElement.src = url;
    this.deckElement.load();
    return this.deckElement;
  }

  setDeckVolume(volume: number) {
    this.deckGain.gain.setTargetAtTime(volume, this.context.currentTime, 0.02);
  }

  private applyDuck() {
    this.duck.gain.setTargetAtTime(this.muted ? 1 : DUCKED_GAIN, this.context.currentTime, DUCK_SECONDS / 3);
  }

  async resume() {
    if (this.context.state !== 'running') await this.context.resume();
  }

  close() {
    for (const t of this.micStream?.getTracks() ?? []) t.stop();
    this.deckElement?.pause();
    void this.context.close();
  }
}

/** The recording format the browser can make: WebM/Opus (Chromium), else Ogg/Opus (Firefox, Safari). */
export function boothMimeType(): string {
  for (const type of ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/ogg']) {
    if (typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(type)) return type;
  }
  return '';
}
