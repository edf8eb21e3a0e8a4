import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TrackCueInput, TrackPeaks, TrackResult } from '../../../../shared/contracts/media';
import { MEDIA_TEXTS } from '../../../../shared/texts/media';
import { setTrackCue, trackPeaks } from './cue.service';

const access = { capability: 'media.manage' } as const;
const tags = ['media'];
const TrackId = z.object({ id: z.uuid(MEDIA_TEXTS.trackNotFound) });

/** A track's cue and fade, and its waveform for the cue editor (docs/product/media-library-and-autodj.md). */
export async function trackCueRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/media/tracks/:id/cue',
    {
      config: { access },
      schema: {
        tags,
        description:
          'Set where AutoDJ starts and stops the track and how long it fades in and out, in seconds ' +
          '(null: the start, the end, no fade). 0 <= cueIn < cueOut <= the track’s length; each fade shorter than the cued length.',
        params: TrackId,
        body: TrackCueInput,
        response: { 200: TrackResult },
      },
    },
    async (req) => ({ track: await setTrackCue(ctx, req.params.id, req.body) }),
  );

  r.get(
    '/api/media/tracks/:id/peaks',
    {
      config: { access },
      schema: {
        tags,
        description:
          'The track’s waveform for the cue editor: the loudest sample (0 to 1) of each of 800 equal slices.',
        params: TrackId,
        response: { 200: TrackPeaks },
      },
    },
    async (req, reply) => {
      const peaks = await trackPeaks(ctx, req.params.id);
      // The same file always gives the same waveform: the browser keeps it a while.
      reply.header('cache-control', 'private, max-age=3600');
      return peaks;
    },
  );
}
