import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LoginResult } from '../../../shared/contracts/accounts';
import { AUTH_TEXTS, PROFILE_TEXTS } from '../../../shared/texts/accounts';
import { createSlots } from '../../infra/concurrency';
import { AppError, badRequest } from '../../infra/http/errors';
import { PICTURE_MAX_BYTES, PICTURE_UPLOADS, setProfilePicture } from './profile-picture.service';

export async function profileRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // A place among the pictures being processed is taken before the body is read and given back with the
  // answer (or when the client goes away).
  const slots = createSlots(PICTURE_UPLOADS);
  const held = new WeakMap<FastifyRequest, () => void>();
  const giveBack = async (req: FastifyRequest) => {
    held.get(req)?.();
    held.delete(req);
  };
  // Pictures arrive as the raw image bytes (the browser sends the file itself as the body).
  app.addContentTypeParser(
    /^image\/[\w.+-]+$/,
    { parseAs: 'buffer', bodyLimit: PICTURE_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/me/picture',
    {
      config: {
        access: 'signed-in',
        unauthenticatedMessage: AUTH_TEXTS.noUserLoggedIn,
        tooLargeMessage: PROFILE_TEXTS.pictureTooLarge,
      },
      bodyLimit: PICTURE_MAX_BYTES,
      onRequest: async (req) => {
        const release = await slots.acquire();
        if (!release) {
          throw Object.assign(new AppError('RATE_LIMITED', PROFILE_TEXTS.pictureBusy), {
            retryAfterSeconds: 5,
          });
        }
        if (req.raw.destroyed) return release(); // the client left while waiting
        held.set(req, release);
      },
      onResponse: giveBack,
      onRequestAbort: giveBack,
      schema: {
        tags: ['accounts'],
        description:
          'Upload a profile picture: the image file as the request body (JPG, PNG, GIF or WebP, at most 5 MB).',
        consumes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
        response: { 200: LoginResult },
      },
    },
    async (req) => {
      if (!Buffer.isBuffer(req.body)) throw badRequest(PROFILE_TEXTS.pictureNotImage);
      return { me: await setProfilePicture(ctx, await req.requireActor(), req.body) };
    },
  );
}
