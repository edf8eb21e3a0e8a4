import { lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { defineJob } from '../../infra/jobs';
import { session, verification } from './auth.table';

/** Daily: remove expired sessions and verification tokens. */
export const pruneExpiredSessionsJob = (db: Db) =>
  defineJob({
    name: 'sessions.prune',
    schema: z.object({}),
    cron: '0 4 * * *',
    handler: async () => {
      const now = new Date();
      const sessions = await db
        .delete(session)
        .where(lt(session.expiresAt, now))
        .returning({ id: session.id });
      const tokens = await db
        .delete(verification)
        .where(lt(verification.expiresAt, now))
        .returning({ id: verification.id });
      return { sessions: sessions.length, verifications: tokens.length };
    },
  });
