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
import { EVENT_TYPES } from '../../../shared/events';
import { LIBRARY_TEXTS } from '../../../shared/texts/library';
import type { AppContext } from '../../context';
import { defineJob } from '../../infra/jobs';
import { stationTimeZone } from '../schedule/schedule.service';
import { generateLastCompleteChart, isWeekClosingHour, latestChart } from './chart.service';
import { myLikes, rankedSongs, toggleLike } from './songs.service';

export async function libraryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['library'];

  // Both lists show like and play counts: a like or a play changes both. A search is not cached.
  const songStats = [EVENT_TYPES.likesChanged, EVENT_TYPES.nowPlayingChanged];
  for (const [url, by] of [
    ['/api/songs/most-liked', 'likes'],
    ['/api/songs/most-played', 'plays'],
  ] as const) {
    const ranked = ctx.publicReads.register({
      url,
      query: SongSearchQuery,
      response: SongStatList,
      build: async (q) => ({ songs: await rankedSongs(ctx.db, by, q.q) }),
      cacheable: (q) => !q.q,
      invalidatedBy: songStats,
    });
    r.get(
      url,
      {
        config: { access: 'public' },
        schema: { tags, querystring: SongSearchQuery, response: { 200: SongStatList } },
      },
      (req, reply) => ranked.reply(req, reply),
    );
  }

  r.post(
    '/api/likes/toggle',
    {
      config: { access: 'signed-in', unauthenticatedMessage: LIBRARY_TEXTS.loginToLike },
      schema: { tags, body: LikeToggleInput, response: { 200: LikeToggleResult } },
    },
    async (req) => toggleLike(ctx, (await req.requireActor()).userId, req.body.songId),
  );
  r.get(
    '/api/likes',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: MyLikes } } },
    async (req) => myLikes(ctx.db, (await req.requireActor()).userId),
  );

  const chart = ctx.publicReads.register({
    url: '/api/chart',
    response: Chart,
    build: () => latestChart(ctx.db),
    invalidatedBy: [EVENT_TYPES.chartChanged],
  });
  r.get(
    '/api/chart',
    { config: { access: 'public' }, schema: { tags, response: { 200: Chart } } },
    (req, reply) => chart.reply(req, reply),
  );
  r.post(
    '/api/chart/generate',
    { config: { access: { capability: 'chart.generate' } }, schema: { tags, response: { 200: Chart } } },
    async () => generateLastCompleteChart(ctx),
  );
}

/**
 * Closes each chart week: every hour at :10, and at work only in the first hour of Monday in the station's
 * zone (whatever its offset or summer time), it builds the week that just ended and announces it.
 */
export const weeklyChartJob = (ctx: Pick<AppContext, 'db' | 'config' | 'realtime' | 'jobs' | 'events'>) =>
  defineJob({
    name: 'chart.weekly',
    schema: z.object({}),
    cron: '10 * * * *',
    handler: async () => {
      const now = new Date();
      if (!isWeekClosingHour(now, await stationTimeZone(ctx))) return { skipped: true };
      const chart = await generateLastCompleteChart(ctx, now, { announce: true });
      return { weekEnding: chart.weekEnding, entries: chart.entries.length };
    },
  });
