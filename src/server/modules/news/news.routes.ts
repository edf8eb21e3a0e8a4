import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, Ok } from '../../../shared/contracts/common';
import { DeliveryView } from '../../../shared/contracts/discord';
import {
  ManagedArticle,
  ManagedNewsList,
  NewsArticle,
  NewsArticleInput,
  NewsFlagsInput,
  NewsList,
  SlugParam,
} from '../../../shared/contracts/news';
import { EVENT_TYPES } from '../../../shared/events';
import {
  createArticle,
  deleteArticle,
  getPublishedBySlug,
  listManagedNews,
  listPublishedNews,
  sendArticleToDiscord,
  setArticleFlags,
  updateArticle,
} from './news.service';
import { renderNewsFeed } from './news-feed';

/**
 * News. Public reads (/api/news, one article, the RSS feed) are the same for every visitor and change
 * only with a `news.changed` event on the public topic. Management is for `news.manage` holders; the
 * service decides per article (news.policy.ts).
 */
export async function newsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['news'];
  const manage = { access: { capability: 'news.manage' as const } };

  // The same for every visitor: served from memory, rebuilt on a news change or an author's new name.
  const newsList = ctx.publicReads.register({
    url: '/api/news',
    response: NewsList,
    build: () => listPublishedNews(ctx.db),
    invalidatedBy: [EVENT_TYPES.newsChanged, EVENT_TYPES.membersChanged],
  });
  r.get(
    '/api/news',
    { config: { access: 'public' }, schema: { tags, response: { 200: NewsList } } },
    (req, reply) => newsList.reply(req, reply),
  );
  r.get(
    '/api/news/slug/:slug',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description: 'A published article by its slug; an old slug answers the article with its new slug.',
        params: SlugParam,
        response: { 200: z.object({ article: NewsArticle }) },
      },
    },
    async (req) => ({ article: await getPublishedBySlug(ctx.db, req.params.slug) }),
  );
  r.get(
    '/news/rss.xml',
    { config: { access: 'public' }, schema: { tags, description: 'RSS 2.0 feed of published articles.' } },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return reply.type('application/rss+xml; charset=utf-8').send(await renderNewsFeed(ctx));
    },
  );

  r.get(
    '/api/news/manage',
    { config: manage, schema: { tags, response: { 200: ManagedNewsList } } },
    async (req) => listManagedNews(ctx.db, await req.requireActor()),
  );
  r.post(
    '/api/news',
    {
      config: manage,
      schema: { tags, body: NewsArticleInput, response: { 201: z.object({ article: ManagedArticle }) } },
    },
    async (req, reply) =>
      reply.code(201).send({ article: await createArticle(ctx, await req.requireActor(), req.body) }),
  );
  r.patch(
    '/api/news/:id',
    {
      config: manage,
      schema: {
        tags,
        params: IdParam,
        body: NewsArticleInput,
        response: { 200: z.object({ article: ManagedArticle }) },
      },
    },
    async (req) => ({ article: await updateArticle(ctx, await req.requireActor(), req.params.id, req.body) }),
  );
  r.patch(
    '/api/news/:id/flags',
    {
      config: manage,
      schema: {
        tags,
        params: IdParam,
        body: NewsFlagsInput,
        response: { 200: z.object({ article: ManagedArticle }) },
      },
    },
    async (req) => ({
      article: await setArticleFlags(ctx, await req.requireActor(), req.params.id, req.body),
    }),
  );
  r.post(
    '/api/news/:id/discord',
    {
      config: manage,
      schema: {
        tags,
        description: "Queues a published article for the station's Discord webhook (spec's news embed).",
        params: IdParam,
        response: { 200: z.object({ message: z.string(), delivery: DeliveryView }) },
      },
    },
    async (req) => sendArticleToDiscord(ctx, await req.requireActor(), req.params.id),
  );
  r.delete(
    '/api/news/:id',
    { config: manage, schema: { tags, params: IdParam, response: { 200: Ok } } },
    async (req) => {
      await deleteArticle(ctx, await req.requireActor(), req.params.id);
      return { ok: true as const };
    },
  );
}
