import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CarouselImage,
  CarouselInput,
  CarouselList,
  CarouselMoveInput,
  CarouselPatch,
  UploadedImage,
} from '../../../shared/contracts/carousel';
import { IdParam, Ok } from '../../../shared/contracts/common';
import { EVENT_TYPES } from '../../../shared/events';
import { LIMITS } from '../../../shared/limits';
import { PROFILE_TEXTS } from '../../../shared/texts/accounts';
import { CAROUSEL_TEXTS } from '../../../shared/texts/content';
import { badRequest } from '../../infra/http/errors';
import {
  addCarouselImage,
  deleteCarouselImage,
  listActiveCarousel,
  listAllCarousel,
  moveCarouselImage,
  storeCarouselUpload,
  updateCarouselImage,
} from './carousel.service';

/**
 * The homepage carousel. GET /api/carousel is the same for every visitor and changes only with a
 * `carousel.changed` event; the rest is the admin tab ('content.manage').
 */
export async function carouselRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['carousel'];
  const manage = { access: { capability: 'content.manage' as const } };
  const one = z.object({ image: CarouselImage });

  // Uploads arrive as the raw image bytes (the browser sends the file itself as the body).
  app.addContentTypeParser(
    /^image\/[\w.+-]+$/,
    { parseAs: 'buffer', bodyLimit: LIMITS.imageUploadMaxBytes },
    (_req, body, done) => done(null, body),
  );

  const activeCarousel = ctx.publicReads.register({
    url: '/api/carousel',
    response: CarouselList,
    build: async () => ({ images: await listActiveCarousel(ctx.db) }),
    invalidatedBy: [EVENT_TYPES.carouselChanged],
  });
  r.get(
    '/api/carousel',
    { config: { access: 'public' }, schema: { tags, response: { 200: CarouselList } } },
    (req, reply) => activeCarousel.reply(req, reply),
  );
  r.get(
    '/api/carousel/all',
    { config: manage, schema: { tags, response: { 200: CarouselList } } },
    async () => ({ images: await listAllCarousel(ctx.db) }),
  );
  r.post(
    '/api/carousel',
    { config: manage, schema: { tags, body: CarouselInput, response: { 201: one } } },
    async (req, reply) =>
      reply
        .code(201)
        .send({ image: await addCarouselImage(ctx, (await req.requireActor()).userId, req.body) }),
  );
  r.patch(
    '/api/carousel/:id',
    { config: manage, schema: { tags, params: IdParam, body: CarouselPatch, response: { 200: one } } },
    async (req) => ({ image: await updateCarouselImage(ctx, req.params.id, req.body) }),
  );
  r.post(
    '/api/carousel/:id/move',
    {
      config: manage,
      schema: { tags, params: IdParam, body: CarouselMoveInput, response: { 200: CarouselList } },
    },
    async (req) => ({ images: await moveCarouselImage(ctx, req.params.id, req.body.direction) }),
  );
  r.delete(
    '/api/carousel/:id',
    { config: manage, schema: { tags, params: IdParam, response: { 200: Ok } } },
    async (req) => {
      await deleteCarouselImage(ctx, req.params.id, await req.requireActor());
      return { ok: true as const };
    },
  );
  r.post(
    '/api/carousel/upload',
    {
      config: { ...manage, tooLargeMessage: CAROUSEL_TEXTS.imageTooLarge },
      bodyLimit: LIMITS.imageUploadMaxBytes,
      schema: {
        tags,
        description:
          'Upload a carousel image: the file as the request body (JPG, PNG, GIF or WebP, at most 5 MB).',
        consumes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
        response: { 201: UploadedImage },
      },
    },
    async (req, reply) => {
      if (!Buffer.isBuffer(req.body)) throw badRequest(PROFILE_TEXTS.pictureNotImage);
      return reply.code(201).send(await storeCarouselUpload(ctx.storage, req.body));
    },
  );
}
