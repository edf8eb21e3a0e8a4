import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db, DbHandle } from './db/client';
import type { Auth } from './infra/auth';
import type { ActorCache } from './infra/caches/actor-cache';
import type { PublicReads } from './infra/caches/public-reads';
import type { EngineElection } from './infra/cluster/engine-election';
import type { InstanceRegistry } from './infra/cluster/instances';
import type { DomainEvents } from './infra/domain-events';
import type { Jobs } from './infra/jobs';
import type { Mailer } from './infra/mailer';
import type { RealtimeHub } from './infra/realtime/realtime-hub';
import type { Storage } from './infra/storage/storage';
import type { BuiltinBackend } from './integrations/radio/builtin/builtin-backend';
import type { RadioBackend } from './integrations/radio/types';
import type { SpotifyClient } from './integrations/spotify/spotify-client';
import type { StripePayments } from './integrations/stripe/stripe-payments';
import type { TwitchClient } from './integrations/twitch/twitch-client';

/** The radio integrations (now playing is the station module's own: modules/station/now-playing.service.ts). */
export interface StationContext {
  backend: RadioBackend;
  /** The built-in engine, when that is the backend (it receives Liquidsoap's callbacks). */
  engine: BuiltinBackend | null;
  /** Where GET /stream relays from (the built-in Icecast), or null when listeners use another URL. */
  relaySource: string | null;
  spotify: SpotifyClient | null;
  /** The token the running engine's callbacks carry: the lease's token for this term, when this instance holds it. */
  readonly engineToken: string;
  /** Is this the current engine's token? Every engine callback is checked with it (one check, access.ts). */
  acceptsEngineToken(token: unknown): Promise<boolean>;
  /**
   * The election of the one instance that runs the built-in engine, when this instance has one and may
   * run it (docs/operations/several-instances.md); null: a follower, or another backend.
   */
  election: EngineElection | null;
  /** This instance's row among the instances on the database. */
  instances: InstanceRegistry;
}

/**
 * What services need from the running app: infrastructure and integrations only, never a module's
 * service (a module keeps its own with infra/per-app.ts). Built once, in app-infrastructure.ts.
 */
export interface AppContext {
  config: Config;
  dbh: DbHandle;
  db: Db;
  realtime: RealtimeHub;
  /** Domain events between modules (infra/domain-events.ts). */
  events: DomainEvents;
  jobs: Jobs;
  auth: Auth;
  mailer: Mailer;
  log: FastifyBaseLogger;
  station: StationContext;
  storage: Storage;
  /** Reads that are the same for everyone, served from memory (infra/caches/public-reads.ts). */
  publicReads: PublicReads;
  /** Signed-in callers resolved from memory (infra/caches/actor-cache.ts). */
  actors: ActorCache;
  /** Card payments, when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set. */
  stripe: StripePayments | null;
  /** Twitch's Helix API for the streamers' LIVE badges, or null when Twitch is not set up. */
  twitch: TwitchClient | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
