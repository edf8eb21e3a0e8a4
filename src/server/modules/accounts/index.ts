import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pruneExpiredSessionsJob } from './accounts.jobs';
import { accountsRoutes } from './accounts.routes';
import { profileRoutes } from './profile.routes';
import { userInvitesRoutes } from './user-invites.routes';

/** The accounts module: sign-in and a member's own account, profiles, set-password invitations. */
export const accountsModule = fp(
  async function accounts(app: FastifyInstance) {
    app.ctx.jobs.register(pruneExpiredSessionsJob(app.ctx.db));
    await app.register(accountsRoutes);
    await app.register(profileRoutes);
    await app.register(userInvitesRoutes);
  },
  { name: 'accounts' },
);
