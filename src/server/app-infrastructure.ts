import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { EVENT_TYPES, topics } from '../shared/events';
import type { Config } from './config';
import type { AppContext } from './context';
import { type DbHandle, openDatabase } from './db/client';
import { createAuth } from './infra/auth';
import { ActorCache, invalidateActorsFromBus } from './infra/caches/actor-cache';
import { FastPaths } from './infra/caches/fast-paths';
import { PublicReads } from './infra/caches/public-reads';
import { type ElectionTimings, EngineElection } from './infra/cluster/engine-election';
import { describeThisInstance, InstanceRegistry } from './infra/cluster/instances';
import { DomainEvents } from './infra/domain-events';
import { Metrics } from './infra/http/metrics';
import { Jobs } from './infra/jobs';
import { createAppLogger } from './infra/logging/logger';
import { SystemLogSink } from './infra/logging/system-log-sink';
import { createMailer, type Mailer } from './infra/mailer';
import { pruneRealtimeEventsJob } from './infra/realtime/realtime.routes';
import { RealtimeHub } from './infra/realtime/realtime-hub';
import { openObjectStore } from './infra/storage/object-store-factory';
import { createStorage } from './infra/storage/storage';
import { BuiltinBackend } from './integrations/radio/builtin/builtin-backend';
import { sameSecret } from './integrations/radio/builtin/passwords';
import { createRadioBackend, engineMayRun } from './integrations/radio/create-backend';
import type { RadioBackend } from './integrations/radio/types';
import { SpotifyClient } from './integrations/spotify/spotify-client';
import { StripePayments } from './integrations/stripe/stripe-payments';
import { TwitchClient } from './integrations/twitch/twitch-client';
import { createProfileForNewUser } from './modules/accounts/accounts.service';
import { makeSetPasswordDelivery } from './modules/accounts/user-invites.service';
import { backupBeforeMigrate } from './modules/backups/before-upgrade';
import { ensureBadges } from './modules/badges/badges.catalogue';
import type { NextTrackDecider } from './modules/media/autodj/engine-next';
import { ensureSystemRoles } from './modules/roles/roles.seed';
import { ensureShopDefaults } from './modules/shop/shop-defaults.service';
import { systemLogWriter } from './modules/staff/system-logs.service';
import { nowPlayingSlot } from './modules/station/now-playing.service';

export interface AppDeps {
  /** A radio backend to use instead of the one the config names (tests). */
  radioBackend?: RadioBackend;
  /** An open database; when omitted the app opens the one the config names and closes it on shutdown. */
  dbh?: DbHandle;
  mailer?: Mailer;
  /** Start the radio backend when the app listens (default true). */
  startRadio?: boolean;
  /** Skip migrations (a test database that is already migrated). */
  skipMigrations?: boolean;
  /**
   * Start the job runner in the background once the app listens (the process entry: pg-boss's start-up
   * takes a second or more on the embedded database and nothing a request needs waits for it) instead
   * of before the app is ready (default: tests that use `inject` find the runner started).
   */
  jobsAfterListen?: boolean;
  /** How the next AutoDJ track is chosen, instead of the programming rules (engine tests). */
  decideNextTrack?: NextTrackDecider;
  /** The engine lease's timings, instead of the defaults (tests of a failover). */
  engineLease?: Partial<ElectionTimings>;
}

/** Signed-in callers are re-read through better-auth at least once a minute, whatever the bus says. */
const ACTOR_CACHE_MAX_AGE_MS = 60_000;
const ACTOR_CACHE_MAX_ENTRIES = 20_000;

/** The Fastify instance, with the fast paths in front of it and the log that also feeds system_logs. */
export function createFastify(config: Config) {
  const fastPaths = new FastPaths();
  // Warnings and errors also go to the system_logs table (the Developer section), in batches.
  const systemLogs = new SystemLogSink();
  const logger = createAppLogger(config, systemLogs.stream);
  const app = Fastify({
    serverFactory: fastPaths.serverFactory,
    ...(logger ? { loggerInstance: logger as FastifyBaseLogger } : { logger: false }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    return503OnClosing: true,
    forceCloseConnections: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return { app, fastPaths, systemLogs };
}

/**
 * The infrastructure the modules run on: the database (backed up before a migration, migrated, seeded),
 * the realtime bus, the caller cache, the public reads, mail, jobs, auth, the radio backend and the other
 * integrations, gathered in the app context (`app.ctx`), and the metrics.
 */
export async function buildInfrastructure(
  app: FastifyInstance,
  config: Config,
  deps: AppDeps,
  fastPaths: FastPaths,
  systemLogs: SystemLogSink,
) {
  const ownsDb = !deps.dbh;
  const dbh = deps.dbh ?? (await openDatabase(config));
  if (!deps.skipMigrations) {
    await backupBeforeMigrate(dbh, config, app.log);
    await dbh.migrate();
  }
  await ensureSystemRoles(dbh.db);
  await ensureBadges(dbh.db);
  await ensureShopDefaults(dbh.db);

  const realtime = new RealtimeHub(dbh, app.log, { crossInstance: dbh.kind === 'pg' });
  await realtime.start();
  const actors = new ActorCache({ maxAgeMs: ACTOR_CACHE_MAX_AGE_MS, maxEntries: ACTOR_CACHE_MAX_ENTRIES });
  invalidateActorsFromBus(realtime, actors);
  const publicReads = new PublicReads(realtime, (url, read) =>
    fastPaths.register(
      url,
      (req, search) => read.resolve(req, search, (r) => actors.peek(r.headers.cookie)),
      read.headers,
    ),
  );
  systemLogs.attach(systemLogWriter({ db: dbh.db, realtime }));
  const mailer = deps.mailer ?? createMailer(config);
  const jobs = new Jobs(dbh, app.log, config.DATABASE_URL);
  const auth = createAuth({
    db: dbh.db,
    config,
    mailer,
    log: app.log,
    onUserCreated: async (u) => {
      await createProfileForNewUser(dbh.db, u);
      // A new member appears in the member lists.
      await realtime.publish(topics.public, EVENT_TYPES.membersChanged, { id: u.id });
    },
    onSetPasswordToken: makeSetPasswordDelivery({ config, mailer, log: app.log }),
  });
  const engineToken = randomBytes(24).toString('base64url');
  const backend = deps.radioBackend ?? createRadioBackend(config, { db: dbh.db, log: app.log, engineToken });
  const engine = backend instanceof BuiltinBackend ? backend : null;
  const relaySource = engine && !config.STREAM_PUBLIC_URL ? engine.internalStreamUrl : null;
  // One engine at a time: the instances that may run it elect one (docs/operations/several-instances.md).
  const eligible = engine !== null && engineMayRun(config, 'builtin');
  const instances = new InstanceRegistry(
    dbh,
    describeThisInstance({
      instanceUrl: config.INSTANCE_URL,
      port: config.PORT,
      engineMode: config.ENGINE,
      eligible,
    }),
    app.log,
  );
  await instances.start();
  const election = eligible
    ? new EngineElection({
        dbh,
        instanceId: instances.self.id,
        log: app.log,
        sole: dbh.kind === 'pglite',
        timings: deps.engineLease,
      })
    : null;
  const spotify = SpotifyClient.fromConfig(config, app.log);
  const ctx: AppContext = {
    config,
    dbh,
    db: dbh.db,
    realtime,
    events: new DomainEvents(),
    jobs,
    auth,
    mailer,
    log: app.log,
    storage: createStorage(openObjectStore(config, 'uploads'), app.log),
    publicReads,
    actors,
    stripe: StripePayments.fromConfig(config, app.log),
    station: {
      backend,
      engine,
      relaySource,
      spotify,
      election,
      instances,
      get engineToken() {
        return election?.term?.token ?? engine?.engineToken ?? engineToken;
      },
      // A built-in engine's callbacks carry its term's token; an instance that may not run it accepts none.
      acceptsEngineToken: async (token) =>
        election ? election.accepts(token) : !engine && sameSecret(token, engineToken),
    },
    twitch: TwitchClient.fromConfig(config, app.log),
  };
  app.decorate('ctx', ctx);
  const metrics = new Metrics({
    listeners: () => nowPlayingSlot.of(ctx).snapshot.listeners.total,
    eventStreams: () => realtime.connectionCount,
    jobCounts: () => jobs.counts(),
    engineRestarts: () => engine?.engineRestarts ?? 0,
  });
  fastPaths.observer = (method, route, status, seconds) => metrics.observe(method, route, status, seconds);
  jobs.register(pruneRealtimeEventsJob(realtime));
  return { ctx, ownsDb, metrics };
}
