import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db, DbHandle } from './db/client';
import type { Auth } from './infra/auth';
import type { Jobs } from './infra/jobs';
import type { Mailer } from './infra/mailer';
import type { RealtimeHub } from './infra/realtime';

/** What services need from the running app; built once in buildApp and passed to services. */
export interface AppContext {
  config: Config;
  dbh: DbHandle;
  db: Db;
  realtime: RealtimeHub;
  jobs: Jobs;
  auth: Auth;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
