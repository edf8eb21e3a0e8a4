import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { carouselRoutes } from './carousel.routes';
import { twitchLiveJob } from './streamers.jobs';
import { streamersRoutes } from './streamers.routes';

/** The content module: the home page's carousel, the community streamers and their LIVE badges. */
export const contentModule = fp(
  async function content(app: FastifyInstance) {
    const { ctx } = app;
    if (ctx.twitch) ctx.jobs.register(twitchLiveJob(ctx));
    await app.register(carouselRoutes);
    await app.register(streamersRoutes);
  },
  { name: 'content' },
);
