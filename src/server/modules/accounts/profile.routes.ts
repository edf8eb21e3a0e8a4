import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LoginResult } from '../../../shared/contracts/accounts';
import { TEXTS } from '../../../shared/texts';
import { badRequest } from '../../infra/errors';
import { PICTURE_MAX_BYTES, setProfilePicture } from './profile-picture.service';

export async function profileRoutes(app: FastifyInstance) {
  const { ctx } = app;
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
        unauthenticatedMessage: TEXTS.auth.noUserLoggedIn,
        tooLargeMessage: TEXTS.profile.pictureTooLarge,
      },
      bodyLimit: PICTURE_MAX_BYTES,
      schema: {
        tags: ['accounts'],
        description:
          'Upload a profile picture: the image file as the request body (JPG, PNG, GIF or WebP, at most 5 MB).',
        consumes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
        response: { 200: LoginResult },
      },
    },
    async (req) => {
      if (!Buffer.isBuffer(req.body)) throw badRequest(TEXTS.profile.pictureNotImage);
      return { me: await setProfilePicture(ctx, await req.requireActor(), req.body) };
    },
  );
}
