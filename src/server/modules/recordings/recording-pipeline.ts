import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context';
import { perApp } from '../../infra/per-app';
import { openObjectStore } from '../../infra/storage/object-store-factory';
import { RecordingGate } from './recording-gate';
import { type IngestOutcome, ingestRecording } from './recording-ingest';

/** How often the gate re-reads the settings and the free disk (and re-tells the engine). */
const GATE_CHECK_MS = 30_000;
/** A file in the recordings folder untouched this long, with nobody on air, is a closed recording. */
const IDLE_FILE_MS = 60_000;
/** A recording whose ingest failed is tried again this much later, then left for the next sweep. */
const RETRY_MS = 10_000;

/**
 * The recording pipeline of live shows with the built-in engine: Liquidsoap records (station/radio.liq.tmpl),
 * the gate allows or stops it, each closed file is taken into the "recordings" store one at a time.
 */
export class RecordingPipeline {
  readonly gate: RecordingGate | null;
  /** What each ingest did, newest last (for tests and diagnostics; the last 50). */
  readonly outcomes: { file: string; outcome: IngestOutcome | { kind: 'failed'; error: string } }[] = [];
  private queue: Promise<void> = Promise.resolve();
  private readonly taking = new Set<string>();
  /** Files whose ingest failed, and how often: the idle sweep gives up on one after 3 failures. */
  private readonly failures = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  readonly store;

  constructor(private readonly ctx: AppContext) {
    this.store = openObjectStore(ctx.config, 'recordings');
    const engine = ctx.station.engine;
    this.gate = engine ? new RecordingGate(ctx, engine) : null;
    engine?.onRecordingsClosed((files) => this.take(files));
  }

  /** Takes closed recordings, one after another (each file once, however often it is reported). */
  take(files: string[], attempt = 1) {
    const engine = this.ctx.station.engine;
    if (!engine) return;
    for (const file of files) {
      if (this.taking.has(file)) continue;
      this.taking.add(file);
      this.queue = this.queue.then(async () => {
        try {
          const outcome = await ingestRecording(
            this.ctx,
            { recordingsDir: engine.recordingsDir, store: this.store },
            file,
          );
          this.remember(file, outcome);
        } catch (err) {
          this.remember(file, { kind: 'failed', error: (err as Error).message });
          this.failures.set(file, (this.failures.get(file) ?? 0) + 1);
          this.ctx.log.error({ err, file, attempt }, 'recordings: could not store a recording');
          if (attempt < 2 && !this.closed) {
            setTimeout(() => this.take([file], attempt + 1), RETRY_MS).unref();
          }
        } finally {
          this.taking.delete(file);
        }
      });
    }
  }

  /** Resolves once every recording handed over so far is taken. */
  idle(): Promise<void> {
    return this.queue;
  }

  start() {
    if (!this.gate || this.timer) return;
    this.timer = setInterval(() => {
      void this.checkGate();
      void this.sweepIdle();
    }, GATE_CHECK_MS);
    this.timer.unref();
  }

  checkGate() {
    return this.gate?.refresh().catch((err) => {
      this.ctx.log.warn({ err }, 'recordings: the recording check failed');
      return null;
    });
  }

  /**
   * A safety net for a file whose report was lost and that no restart swept: with nobody on air, a
   * recording untouched for a minute is closed (Liquidsoap writes an open one every few seconds).
   */
  async sweepIdle(now = Date.now()) {
    const engine = this.ctx.station.engine;
    if (!engine || engine.liveNow) return;
    const dir = engine.recordingsDir;
    const names = await readdir(dir).catch(() => [] as string[]);
    const idle: string[] = [];
    for (const name of names.filter((n) => n.endsWith('.mp3'))) {
      const file = path.join(dir, name);
      if ((this.failures.get(file) ?? 0) >= 3) continue;
      const mtime = await stat(file).then(
        (s) => s.mtimeMs,
        () => now,
      );
      if (now - mtime > IDLE_FILE_MS) idle.push(file);
    }
    if (idle.length > 0) this.take(idle);
  }

  async stop() {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.queue;
  }

  private remember(file: string, outcome: RecordingPipeline['outcomes'][number]['outcome']) {
    this.outcomes.push({ file, outcome });
    if (this.outcomes.length > 50) this.outcomes.shift();
  }
}

export const recordingPipelineSlot = perApp<RecordingPipeline>('recording pipeline');

/** After a change to the recording settings: the engine follows at once. */
export async function recordingSettingsChanged(ctx: object) {
  await recordingPipelineSlot.of(ctx).checkGate();
}
