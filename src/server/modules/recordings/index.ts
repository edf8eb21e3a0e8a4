import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RecordingPipeline, recordingPipelineSlot } from './recording-pipeline';
import { recordingRetentionJob } from './recordings.jobs';
import { recordingsRoutes } from './recordings.routes';

/**
 * The recordings module: live shows recorded by the built-in engine (the pipeline: its gate and its
 * ingest), their retention, "Listen again" and the podcast feed.
 */
export const recordingsModule = fp(
  async function recordings(app: FastifyInstance) {
    const { ctx } = app;
    const pipeline = new RecordingPipeline(ctx);
    recordingPipelineSlot.provide(ctx, pipeline);
    ctx.jobs.register(recordingRetentionJob(ctx, pipeline.store));
    // The engine records live shows only if the setting and the free disk allow it: the gate is told
    // right before the engine starts.
    app.lifecycle.on('before-engine-start', 'recordings: the gate and the ingest', async () => {
      await pipeline.checkGate();
      pipeline.start();
    });
    await app.register(recordingsRoutes);
    if (!ctx.station.engine) return;
    app.addHook('onClose', async () => {
      await pipeline.stop();
    });
  },
  { name: 'recordings' },
);
