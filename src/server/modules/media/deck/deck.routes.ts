import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DeckQuery, DeckTrackList } from '../../../../shared/contracts/media';
import { searchDeck } from './deck.service';

/**
 * The web booth's music deck (docs/product/presenters.md#the-web-dj-booth): presenters who may broadcast
 * find library songs, jingles and IDs here, then load one through the track's audio route.
 */
export async function deckRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/media/deck',
    {
      config: { access: { anyCapability: ['station.stream', 'media.manage'] } },
      schema: {
        tags: ['media'],
        description:
          'The web booth’s deck: library songs (`kind=music`) or jingles and IDs (`kind=jingles`: tracks of a jingle-transition, hourly, every-N-songs or every-N-minutes playlist) whose title or artist holds `q`, by title, at most 25. Their audio: `GET /api/media/tracks/:id/audio`.',
        querystring: DeckQuery,
        response: { 200: DeckTrackList },
      },
    },
    async (req) => searchDeck(ctx, req.query),
  );
}
