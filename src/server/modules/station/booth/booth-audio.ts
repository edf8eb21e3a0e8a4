import { type ChildProcess, spawn } from 'node:child_process';

/*
 * The web DJ booth's sound path (docs/product/presenters.md#the-web-dj-booth): the browser's encoded audio
 * (WebM/Opus or Ogg/Opus from MediaRecorder) is decoded to PCM by one ffmpeg per browser connection; a
 * pacer feeds PCM in real time to one encoder per show, which sends MP3 to the engine's harbor as an
 * ordinary DJ source. When the browser's connection drops, the pacer fills the gap with silence, so the
 * harbor never sees the source go, and a reconnecting browser carries on into the same encoder.
 */

export const PCM_RATE = 48_000;
const CHANNELS = 2;
/** 16-bit stereo: bytes of PCM per second of sound. */
export const PCM_BYTES_PER_SECOND = PCM_RATE * CHANNELS * 2;
const FRAME_BYTES = CHANNELS * 2;
/** More PCM than this waiting (a burst after a reconnect) is dropped, oldest first: it would only add delay. */
const MAX_QUEUED_SECONDS = 1.5;
const TICK_MS = 50;
const QUIET = ['-nostdin', '-hide_banner', '-loglevel', 'error'];

/** PCM written at the rate it plays, from whatever the decoder gives, with silence where it gives none. */
export class PcmPacer {
  private queue: Buffer[] = [];
  private queued = 0;
  private sent = 0;
  private startedAt = 0;
  private timer: NodeJS.Timeout | null = null;
  /** Bytes of silence written so far (for the booth's status and tests). */
  silenceBytes = 0;

  constructor(
    private readonly write: (pcm: Buffer) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  start() {
    this.startedAt = this.now();
    this.timer = setInterval(() => this.tick(), TICK_MS);
  }

  push(pcm: Buffer) {
    this.queue.push(pcm);
    this.queued += pcm.length;
    const max = Math.floor(MAX_QUEUED_SECONDS * PCM_BYTES_PER_SECOND);
    while (this.queued > max && this.queue.length > 0) {
      const drop = this.queue.shift() as Buffer;
      this.queued -= drop.length;
    }
  }

  /** Writes what is due since the start: queued PCM first, silence for the rest. */
  tick() {
    const due = Math.floor(((this.now() - this.startedAt) / 1000) * PCM_BYTES_PER_SECOND);
    let missing = due - this.sent;
    missing -= missing % FRAME_BYTES;
    if (missing <= 0) return;
    const parts: Buffer[] = [];
    let got = 0;
    while (got < missing && this.queue.length > 0) {
      const head = this.queue[0];
      const take = Math.min(head.length, missing - got);
      parts.push(head.subarray(0, take));
      got += take;
      if (take === head.length) this.queue.shift();
      else this.queue[0] = head.subarray(take);
    }
    this.queued -= got;
    if (got < missing) {
      parts.push(Buffer.alloc(missing - got));
      this.silenceBytes += missing - got;
    }
    this.sent += missing;
    this.write(Buffer.concat(parts));
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.queue = [];
    this.queued = 0;
  }
}

export interface AudioProcess {
  child: ChildProcess;
  /** Resolves when the process has ended, with what it last said on stderr. */
  exited: Promise<{ code: number | null; stderr: string }>;
  stop(): void;
}

function run(args: string[], stdout: 'pipe' | 'ignore'): AudioProcess {
  const child = spawn('ffmpeg', args, { stdio: ['pipe', stdout, 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (b: Buffer) => {
    stderr = (stderr + b.toString('utf8')).slice(-2000);
  });
  child.stdin?.on('error', () => {});
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => {
    child.on('error', (err) => resolve({ code: -1, stderr: err.message }));
    child.on('exit', (code) => resolve({ code, stderr: stderr.trim() }));
  });
  return {
    child,
    exited,
    stop: () => {
      child.stdin?.destroy();
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** Decodes what one browser connection sends (any container ffmpeg recognises) to the booth's PCM. */
export function startDecoder(onPcm: (pcm: Buffer) => void): AudioProcess & { write(chunk: Buffer): void } {
  // Small probes: the browser's stream starts with its header, and waiting to analyse adds delay.
  const input = ['-probesize', '32768', '-analyzeduration', '0', '-i', 'pipe:0', '-vn'];
  const output = ['-f', 's16le', '-ar', String(PCM_RATE), '-ac', String(CHANNELS), 'pipe:1'];
  const p = run([...QUIET, ...input, ...output], 'pipe');
  p.child.stdout?.on('data', onPcm);
  return { ...p, write: (chunk) => void p.child.stdin?.write(chunk) };
}

/** Encodes the booth's PCM to MP3 and sends it to the harbor with the Icecast source protocol. */
export function startEncoder(
  harbor: { host: string; port: number; mount: string; user: string; password: string },
  bitrateKbps: number,
): AudioProcess & { write(pcm: Buffer): void } {
  const auth = `${encodeURIComponent(harbor.user)}:${encodeURIComponent(harbor.password)}`;
  const url = `icecast://${auth}@${harbor.host}:${harbor.port}/${harbor.mount}`;
  const p = run(
    [
      ...QUIET,
      ...['-f', 's16le', '-ar', String(PCM_RATE), '-ac', String(CHANNELS), '-i', 'pipe:0'],
      ...['-c:a', 'libmp3lame', '-b:a', `${bitrateKbps}k`, '-content_type', 'audio/mpeg'],
      ...['-ice_name', 'OnAir web booth', '-f', 'mp3', url],
    ],
    'ignore',
  );
  return { ...p, write: (pcm) => void p.child.stdin?.write(pcm) };
}
