import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db, DbHandle } from './db/client';
import type { Auth } from './infra/auth';
import type { Jobs } from './infra/jobs';
import type { Mailer } from './infra/mailer';
import type { RealtimeHub } from './infra/realtime';
import type { Storage } from './infra/storage';
import type { BuiltinBackend } from './integrations/radio/builtin/builtin-backend';
import type { RadioBackend } from './integrations/radio/types';
import type { SpotifyClient } from './integrations/spotify/spotify-client';
import type { NowPlayingService } from './modules/station/now-playing.service';

export interface StationContext {
  backend: RadioBackend;
  /** The built-in engine, when that is the backend (it receives Liquidsoap's callbacks). */
  engine: BuiltinBackend | null;
  nowPlaying: NowPlayingService;
  /** Where GET /stream relays from (the built-in Icecast), or null when listeners use another URL. */
  relaySource: string | null;
  spotify: SpotifyClient | null;
  engineToken: string;
}

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
  station: StationContext;
  storage: Storage;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
