import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Chart,
  LikeToggleInput,
  LikeToggleResult,
  MyLikes,
  SongSearchQuery,
  SongStatList,
} from '../../../shared/contracts/library';
import { TEXTS } from '../../../shared/texts';
import type { AppContext } from '../../context';
import { defineJob } from '../../infra/jobs';
import { generateChart, latestChart } from './chart.service';
import { myLikes, rankedSongs, toggleLike } from './songs.service';

export async function libraryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['library'];

  r.get(
    '/api/songs/most-liked',
    {
      config: { access: 'public' },
      schema: { tags, querystring: SongSearchQuery, response: { 200: SongStatList } },
    },
    async (req) => ({ songs: await rankedSongs(ctx.db, 'likes', req.query.q) }),
  );
  r.get(
    '/api/songs/most-played',
    {
      config: { access: 'public' },
      schema: { tags, querystring: SongSearchQuery, response: { 200: SongStatList } },
    },
    async (req) => ({ songs: await rankedSongs(ctx.db, 'plays', req.query.q) }),
  );

  r.post(
    '/api/likes/toggle',
    {
      config: { access: 'signed-in', unauthenticatedMessage: TEXTS.library.loginToLike },
      schema: { tags, body: LikeToggleInput, response: { 200: LikeToggleResult } },
    },
    async (req) => toggleLike(ctx, (await req.requireActor()).userId, req.body),
  );
  r.get(
    '/api/likes',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: MyLikes } } },
    async (req) => myLikes(ctx.db, (await req.requireActor()).userId),
  );

  r.get(
    '/api/chart',
    { config: { access: 'public' }, schema: { tags, response: { 200: Chart } } },
    async () => latestChart(ctx.db),
  );
  r.post(
    '/api/chart/generate',
    { config: { access: { capability: 'chart.generate' } }, schema: { tags, response: { 200: Chart } } },
    async () => generateChart(ctx),
  );
}

/** Closes each chart week: Monday 00:10 UTC regenerates the week that just ended. */
export const weeklyChartJob = (ctx: Pick<AppContext, 'db' | 'config' | 'realtime'>) =>
  defineJob({
    name: 'chart.weekly',
    schema: z.object({}),
    cron: '10 0 * * 1',
    handler: async () => {
      const chart = await generateChart(ctx, new Date(Date.now() - 60 * 60 * 1000));
      return { weekEnding: chart.weekEnding, entries: chart.entries.length };
    },
  });
