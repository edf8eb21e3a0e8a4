import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context';
import { perApp } from '../../infra/per-app';
import { openObjectStore } from '../../infra/storage/object-store-factory';
import { RecordingGate } from './recording-gate';
import { type IngestOutcome, ingestRecording } from './recording-ingest';
import { recoverStalePartials } from './recording-recovery';
import { RecordingShipper, SHIP_EVERY_MS, STALE_PARTIAL_MS, WRITING_MS } from './recording-shipper';

/** How often the gate re-reads the settings and the free disk (and re-tells the engine). */
const GATE_CHECK_MS = 30_000;
/** A file in the recordings folder untouched this long, with nobody on air, is a closed recording. */
const IDLE_FILE_MS = WRITING_MS;
/** A recording whose ingest failed is tried again this much later, then left for the next sweep. */
const RETRY_MS = 10_000;

export interface PipelineTimings {
  /** How often the recordings being written are shipped to the store (recording-shipper.ts). */
  shipEveryMs: number;
  /** A partial recording with no part newer than this is recovered (recording-recovery.ts). */
  staleMs: number;
}

type Outcome = IngestOutcome | { kind: 'failed'; error: string };

/**
 * The recording pipeline of live shows with the built-in engine: Liquidsoap records (station/radio.liq.tmpl),
 * the gate allows or stops it, each closed file is taken into the "recordings" store one at a time.
 * The recording being written is shipped to the store as it grows (recording-shipper.ts), and what
 * another instance shipped before a failover is taken in here (recording-recovery.ts).
 */
export class RecordingPipeline {
  readonly gate: RecordingGate | null;
  /** What each ingest did, newest last (for tests and diagnostics; the last 50). */
  readonly outcomes: { file: string; outcome: Outcome }[] = [];
  private queue: Promise<void> = Promise.resolve();
  private readonly taking = new Set<string>();
  /** Files whose ingest failed, and how often: the idle sweep gives up on one after 3 failures. */
  private readonly failures = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private shipTimer: NodeJS.Timeout | null = null;
  private recovery: Promise<unknown> = Promise.resolve();
  private closed = false;
  readonly store;
  /** Ships the recordings being written here to the store as they grow (kept after a failover). */
  readonly shipper: RecordingShipper;
  private readonly timings: PipelineTimings;

  constructor(
    private readonly ctx: AppContext,
    timings: Partial<PipelineTimings> = {},
  ) {
    this.timings = { shipEveryMs: SHIP_EVERY_MS, staleMs: STALE_PARTIAL_MS, ...timings };
    this.store = openObjectStore(ctx.config, 'recordings');
    const engine = ctx.station.engine;
    this.gate = engine ? new RecordingGate(ctx, engine) : null;
    this.shipper = new RecordingShipper(
      ctx,
      this.store,
      () => this.ctx.station.engine?.recordingsDir ?? null,
      (file) => this.taking.has(file),
    );
    engine?.onRecordingsClosed((files) => this.take(files));
  }

  /** Takes closed recordings, one after another (each file once, however often it is reported). */
  take(files: string[], attempt = 1) {
    for (const file of files) void this.takeOne(file, attempt);
  }

  /** Takes one closed recording; resolves what became of it (null when it is being taken already). */
  private takeOne(file: string, attempt = 1): Promise<Outcome | null> {
    const engine = this.ctx.station.engine;
    if (!engine || this.taking.has(file)) return Promise.resolve(null);
    this.taking.add(file);
    const done = this.queue.then(async (): Promise<Outcome> => {
      try {
        const outcome = await ingestRecording(
          this.ctx,
          { recordingsDir: engine.recordingsDir, store: this.store },
          file,
        );
        this.remember(file, outcome);
        // Stored (or not worth storing): the parts shipped while it was written are no longer needed.
        if (outcome.kind !== 'skipped' || outcome.reason === 'already-stored') {
          await this.shipper.forget(path.basename(file));
        }
        return outcome;
      } catch (err) {
        const failed = { kind: 'failed' as const, error: (err as Error).message };
        this.remember(file, failed);
        this.failures.set(file, (this.failures.get(file) ?? 0) + 1);
        this.ctx.log.error({ err, file, attempt }, 'recordings: could not store a recording');
        if (attempt < 2 && !this.closed) {
          setTimeout(() => this.take([file], attempt + 1), RETRY_MS).unref();
        }
        return failed;
      } finally {
        this.taking.delete(file);
      }
    });
    this.queue = done.then(() => {});
    return done;
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
      void this.recoverStale();
    }, GATE_CHECK_MS);
    this.timer.unref();
    this.shipTimer = setInterval(() => void this.shipper.tick(), this.timings.shipEveryMs);
    this.shipTimer.unref();
    void this.recoverStale();
  }

  /**
   * Takes in the recordings another instance was shipping when its engine went (a failover mid-show):
   * what it shipped up to the failure, each recording once. Resolves the file names taken in.
   */
  recoverStale(now = Date.now()): Promise<string[]> {
    const engine = this.ctx.station.engine;
    if (!engine || this.closed) return Promise.resolve([]);
    const dir = engine.recordingsDir;
    const run = this.recovery.then(() =>
      recoverStalePartials(
        {
          ctx: this.ctx,
          store: this.store,
          recordingsDir: dir,
          staleMs: this.timings.staleMs,
          isHere: (name) =>
            this.shipper.isShipping(name) ||
            this.taking.has(path.join(dir, name)) ||
            existsSync(path.join(dir, name)),
          ingest: (file) => this.takeOne(file),
        },
        now,
      ).catch((err) => {
        this.ctx.log.warn({ err }, 'recordings: could not look for recordings to recover');
        return [] as string[];
      }),
    );
    this.recovery = run;
    return run;
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
    if (this.shipTimer) clearInterval(this.shipTimer);
    this.timer = null;
    this.shipTimer = null;
    await this.recovery;
    await this.shipper.settled();
    await this.queue;
  }

  private remember(file: string, outcome: Outcome) {
    this.outcomes.push({ file, outcome });
    if (this.outcomes.length > 50) this.outcomes.shift();
  }
}

export const recordingPipelineSlot = perApp<RecordingPipeline>('recording pipeline');

/** After a change to the recording settings: the engine follows at once. */
export async function recordingSettingsChanged(ctx: object) {
  await recordingPipelineSlot.of(ctx).checkGate();
}
