import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_CROSSFADE_SECONDS, type NextTrackDecider, requestUri } from './engine-next';
import { soundFor } from './engine-sound';
import { crossfadeSeconds } from './media-settings.service';

export const EngineNextReply = z.object({
  /** Liquidsoap request URI (annotate:…:/path); empty when there is nothing to play (the engine falls back). */
  uri: z.string(),
  /** The crossfade setting (seconds), also for the tracks of the engine's local rotation. */
  crossfade: z.number(),
  trackId: z.string().nullable(),
  title: z.string().nullable(),
});

/**
 * The built-in engine's side of the media library: Liquidsoap asks here for every AutoDJ track (as
 * AzuraCast's engine asks AzuraCast), with the engine token. `decide` is the programming rules'
 * decision (next-track.service in the app).
 */
export async function mediaEngineRoutes(app: FastifyInstance, opts: { decide: NextTrackDecider }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.post(
    '/api/station/engine/next',
    {
      config: { access: 'engine' },
      schema: {
        tags: ['media'],
        description:
          'Liquidsoap asks which track AutoDJ plays next (x-engine-token required). The answer is a request ' +
          'URI with the gain to the loudness target, the crossfade (or jingle), the cue and fades and the ' +
          'library ids as annotations.',
        body: z.record(z.string(), z.unknown()).optional(),
        response: { 200: EngineNextReply },
      },
    },
    async () => {
      const crossfade = Math.min(MAX_CROSSFADE_SECONDS, await crossfadeSeconds(ctx));
      // Whatever goes wrong in the decision, the engine is answered (it then plays its local rotation).
      const decision = await opts.decide(ctx).catch((err: unknown) => {
        ctx.log.error(
          { err },
          'media: the next track could not be decided; the engine plays its own rotation',
        );
        return null;
      });
      if (!decision) return { uri: '', crossfade, trackId: null, title: null };
      // Without its cue and transition the track still plays, with the station's crossfade.
      const own = await soundFor(ctx.db, decision, crossfade).catch((err: unknown) => {
        ctx.log.error({ err }, 'media: the track’s cue and transition could not be read');
        return { crossfade, sound: undefined };
      });
      return {
        uri: requestUri(decision, own.crossfade, own.sound),
        crossfade,
        trackId: decision.track.id,
        title: decision.track.title,
      };
    },
  );
}
