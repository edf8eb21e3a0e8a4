import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { openObjectStore } from '../../infra/object-store-factory';
import { perApp } from '../../infra/per-app';
import { RecordingGate } from './recording-gate';
import { type IngestOutcome, ingestRecording } from './recording-ingest';
import { recordingRetentionJob } from './recordings.jobs';

/** How often the gate re-reads the settings and the free disk (and re-tells the engine). */
const GATE_CHECK_MS = 30_000;
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
    this.timer = setInterval(() => void this.checkGate(), GATE_CHECK_MS);
    this.timer.unref();
  }

  checkGate() {
    return this.gate?.refresh().catch((err) => {
      this.ctx.log.warn({ err }, 'recordings: the recording check failed');
      return null;
    });
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
export const recordingPipelineOf = (ctx: object) => recordingPipelineSlot.of(ctx);

/** The pipeline's plugin: the retention job, and with the built-in engine the gate and the ingest. */
export async function recordingPipelinePlugin(app: FastifyInstance) {
  const { ctx } = app;
  const pipeline = new RecordingPipeline(ctx);
  recordingPipelineSlot.provide(ctx, pipeline);
  ctx.jobs.register(recordingRetentionJob(ctx, pipeline.store));
  if (!ctx.station.engine) return;
  // app.ts calls pipeline.checkGate() and start() right before it starts the engine (on listen).
  app.addHook('onClose', async () => {
    await pipeline.stop();
  });
}

/** After a change to the recording settings: the engine follows at once. */
export async function recordingSettingsChanged(ctx: object) {
  await recordingPipelineOf(ctx).checkGate();
}
