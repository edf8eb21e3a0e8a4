import { randomBytes } from 'node:crypto';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../shared/contracts/common';
import { EVENT_TYPES, topics } from '../shared/events';
import { headBootCspHash } from '../shared/head-boot';
import type { Config } from './config';
import type { AppContext } from './context';
import { type DbHandle, openDatabase } from './db/client';
import { accessPlugin } from './infra/access';
import { ActorCache, invalidateActorsFromBus } from './infra/actor-cache';
import { createAuth } from './infra/auth';
import { cspDirectives } from './infra/content-security-policy';
import { DomainEvents } from './infra/domain-events';
import { errorsPlugin } from './infra/errors';
import { FastPaths, NOW_PLAYING_HEADERS } from './infra/fast-paths';
import { Jobs } from './infra/jobs';
import { createAppLogger } from './infra/logger';
import { createMailer, type Mailer } from './infra/mailer';
import { Metrics, metricsPlugin } from './infra/metrics';
import { openObjectStore } from './infra/object-store-factory';
import { PublicReads } from './infra/public-reads';
import { RealtimeHub } from './infra/realtime';
import { pruneRealtimeEventsJob, realtimeRoutes } from './infra/realtime.routes';
import { secureCookiesPlugin } from './infra/secure-cookies';
import { securityHeadersPlugin } from './infra/security-headers';
import { createStorage } from './infra/storage';
import { textSafetyPlugin } from './infra/text-safety';
import { uploadsRoutes } from './infra/uploads.routes';
import { webPlugin } from './infra/web';
import { BuiltinBackend } from './integrations/radio/builtin/builtin-backend';
import { createRadioBackend } from './integrations/radio/create-backend';
import type { RadioBackend } from './integrations/radio/types';
import { SpotifyClient } from './integrations/spotify/spotify-client';
import { StripePayments } from './integrations/stripe/stripe-payments';
import { TwitchClient } from './integrations/twitch/twitch-client';
import { pruneExpiredSessionsJob } from './modules/accounts/accounts.jobs';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { createProfileForNewUser } from './modules/accounts/accounts.service';
import { makeActorResolver } from './modules/accounts/actor';
import { profileRoutes } from './modules/accounts/profile.routes';
import { userInvitesRoutes } from './modules/accounts/user-invites.routes';
import { makeSetPasswordDelivery } from './modules/accounts/user-invites.service';
import { pruneListenerSamplesJob, sampleListenersJob } from './modules/admin/admin.jobs';
import { adminRoutes } from './modules/admin/admin.routes';
import { siteSettingsRoutes } from './modules/admin/site-settings.routes';
import { StationMonitor, stationMonitorSlot } from './modules/admin/station-monitor';
import { applicationsRoutes } from './modules/applications/applications.routes';
import { auditRoutes, pruneStaffActionsJob } from './modules/audit/audit.routes';
import { backupsRoutes } from './modules/backups/backups.routes';
import { backupBeforeMigrate } from './modules/backups/before-upgrade';
import { ensureBadges } from './modules/badges/badges.catalogue';
import { badgesRoutes } from './modules/badges/badges.routes';
import { pageVisitsRoutes, prunePageVisitsJob } from './modules/badges/page-visits.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { carouselRoutes } from './modules/content/carousel.routes';
import { presenterRulesRoutes, settingsRoutes } from './modules/content/settings.routes';
import { twitchLiveJob } from './modules/content/streamers.jobs';
import { streamersRoutes } from './modules/content/streamers.routes';
import { libraryRoutes, weeklyChartJob } from './modules/library/library.routes';
import { mediaEngineRoutes } from './modules/media/engine.routes';
import type { NextTrackDecider } from './modules/media/engine-next';
import { mediaLibraryRoutes } from './modules/media/media-library.routes';
import { decideNextTrack } from './modules/media/next-track.service';
import { playlistsRoutes } from './modules/media/playlists.routes';
import { membersRoutes } from './modules/members/members.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { newsRoutes } from './modules/news/news.routes';
import { renderPagePreview } from './modules/news/news-preview';
import { siteFilesRoutes } from './modules/news/site-files.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { recordingPipelineOf, recordingPipelinePlugin } from './modules/recordings/recording-pipeline';
import { recordingsRoutes } from './modules/recordings/recordings.routes';
import { requestsRoutes } from './modules/requests/requests.routes';
import { rolesRoutes } from './modules/roles/roles.routes';
import { ensureSystemRoles } from './modules/roles/roles.seed';
import { safetyRoutes } from './modules/safety/safety.routes';
import { scheduleRoutes } from './modules/schedule/schedule.routes';
import { shopRoutes } from './modules/shop/shop.routes';
import { ensureShopDefaults } from './modules/shop/shop-defaults.service';
import { stripeWebhookRoutes } from './modules/shop/stripe-webhook.routes';
import { apiKeyAccessPlugin } from './modules/staff/api-key-access';
import { developerRoutes } from './modules/staff/developer.routes';
import { presenterStatsJob, pruneSystemLogsJob } from './modules/staff/staff.jobs';
import { staffRoutes } from './modules/staff/staff.routes';
import { SystemLogSink } from './modules/staff/system-log-sink';
import { systemLogWriter } from './modules/staff/system-logs.service';
import { trainingQuizRoutes } from './modules/staff/training-quiz.routes';
import { HlsAudience, provideHlsAudience } from './modules/station/audience';
import { applyStationCapacity } from './modules/station/capacity';
import { HlsService, provideHlsService } from './modules/station/hls.service';
import { NowPlayingService, nowPlayingSlot } from './modules/station/now-playing.service';
import { stationRoutes } from './modules/station/station.routes';
import { supportRoutes } from './modules/support/support.routes';
import { registerDiscordCommands } from './modules/webhooks/discord-commands';
import { interactionsRoutes } from './modules/webhooks/interactions.routes';
import { discordJobs, sweepAfterStart } from './modules/webhooks/webhooks.jobs';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { fromRoot } from './paths';

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
}

/** Signed-in callers are re-read through better-auth at least once a minute, whatever the bus says. */
const ACTOR_CACHE_MAX_AGE_MS = 60_000;
const ACTOR_CACHE_MAX_ENTRIES = 20_000;

const WEB_ROOT = fromRoot('dist', 'web');

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
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
  const spotify = SpotifyClient.fromConfig(config, app.log);
  const events = new DomainEvents();
  const base = { config, dbh, db: dbh.db, realtime, events, jobs, auth, mailer, log: app.log };
  const nowPlaying = new NowPlayingService(base, backend, spotify, relaySource !== null);
  await nowPlaying.init();
  fastPaths.register('/api/now-playing', () => nowPlaying, NOW_PLAYING_HEADERS);
  const ctx: AppContext = {
    ...base,
    storage: createStorage(openObjectStore(config, 'uploads'), app.log),
    publicReads,
    actors,
    stripe: StripePayments.fromConfig(config, app.log),
    station: {
      backend,
      engine,
      relaySource,
      spotify,
      engineToken: engine?.engineToken ?? engineToken,
    },
    twitch: TwitchClient.fromConfig(config, app.log),
  };
  app.decorate('ctx', ctx);
  // The modules' own services, built here (the composition root) and kept by their modules.
  nowPlayingSlot.provide(ctx, nowPlaying);
  const hlsAudience = new HlsAudience();
  provideHlsAudience(ctx, hlsAudience);
  const hls = new HlsService(() => engine?.hlsDir ?? null, hlsAudience, config.TRUST_PROXY);
  provideHlsService(ctx, hls);
  if (engine) fastPaths.registerPrefix('/hls/', (req, res, path) => hls.handle(req, res, path));
  const monitor = new StationMonitor({ realtime, log: app.log }, backend);
  stationMonitorSlot.provide(ctx, monitor);
  const metrics = new Metrics({
    listeners: () => nowPlaying.snapshot.listeners.total,
    eventStreams: () => realtime.connectionCount,
    jobCounts: () => jobs.counts(),
    engineRestarts: () => engine?.engineRestarts ?? 0,
  });
  fastPaths.observer = (method, route, status, seconds) => metrics.observe(method, route, status, seconds);

  jobs.register(
    pruneExpiredSessionsJob(dbh.db),
    pruneRealtimeEventsJob(realtime),
    prunePageVisitsJob(ctx),
    weeklyChartJob(ctx),
    sampleListenersJob(ctx),
    pruneListenerSamplesJob(ctx),
    ...discordJobs(ctx),
    presenterStatsJob(ctx),
    pruneSystemLogsJob(ctx),
    pruneStaffActionsJob(ctx),
  );
  if (ctx.twitch) jobs.register(twitchLiveJob(ctx));

  await app.register(securityHeadersPlugin, {
    options: {
      contentSecurityPolicy: {
        directives: cspDirectives(config, headBootCspHash()),
      },
      crossOriginEmbedderPolicy: false,
    },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.SITE_TITLE} API`,
        version: '1.0.0',
        description: 'The OnAir radio station API.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(errorsPlugin);
  // Cookies set over HTTPS (directly or through a trusted proxy) are Secure (docs/operations/https.md).
  await app.register(secureCookiesPlugin);
  await app.register(metricsPlugin, { metrics, token: config.METRICS_TOKEN });
  await app.register(textSafetyPlugin);
  await app.register(accessPlugin, {
    resolveActor: makeActorResolver(ctx, actors),
    trustedOrigins: config.trustedOrigins,
    engineToken: ctx.station.engineToken,
  });
  await app.register(apiKeyAccessPlugin, { ctx });

  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('reachable') }),
          503: ErrorBody,
        },
      },
    },
    async (_req, reply) => {
      try {
        await dbh.query('SELECT 1 AS ok');
      } catch {
        return reply
          .status(503)
          .send({ error: { code: 'UNAVAILABLE', message: 'The database is not reachable.' } });
      }
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, database: 'reachable' as const };
    },
  );
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  await app.register(accountsRoutes);
  await app.register(rolesRoutes);
  await app.register(notificationsRoutes);
  await app.register(safetyRoutes);
  await app.register(settingsRoutes);
  await app.register(siteSettingsRoutes);
  await app.register(presenterRulesRoutes);
  await app.register(pageVisitsRoutes);
  await app.register(realtimeRoutes);
  await app.register(stationRoutes);
  await app.register(libraryRoutes);
  await app.register(scheduleRoutes);
  await app.register(requestsRoutes);
  await app.register(applicationsRoutes);
  await app.register(profileRoutes);
  await app.register(uploadsRoutes);
  // Playlists, the AutoDJ queue and its settings.
  await app.register(playlistsRoutes);
  await app.register(badgesRoutes);
  await app.register(chatRoutes);
  await app.register(membersRoutes);
  await app.register(messagesRoutes);
  await app.register(siteFilesRoutes);
  await app.register(adminRoutes);
  await app.register(userInvitesRoutes);
  await app.register(webhooksRoutes);
  await app.register(interactionsRoutes);
  await app.register(supportRoutes);
  await app.register(shopRoutes);
  await app.register(stripeWebhookRoutes);
  await app.register(newsRoutes);
  await app.register(carouselRoutes);
  await app.register(streamersRoutes);
  await app.register(staffRoutes);
  await app.register(developerRoutes);
  await app.register(trainingQuizRoutes);
  await app.register(auditRoutes);
  await app.register(mediaLibraryRoutes);
  await app.register(mediaEngineRoutes, { decide: deps.decideNextTrack ?? decideNextTrack });
  await app.register(recordingsRoutes);
  await app.register(backupsRoutes);
  await app.register(recordingPipelinePlugin);
  if (config.SERVE_WEB) {
    await app.register(webPlugin, {
      root: config.WEB_DIR ?? WEB_ROOT,
      renderIndex: (html, path, caller) => renderPagePreview(ctx, html, path, caller),
    });
  }

  // Until the runner has started, a Discord message waits in its outbox row for the sweep (as on an
  // instance that runs no jobs); the sweep right after the start queues it.
  let closing = false;
  const startJobs = async () => {
    if (config.JOBS_ENABLED) await jobs.start();
    await sweepAfterStart(ctx).catch((err) => {
      // A shutdown right after the start stops the runner under the sweep: nothing is lost (the cron sweeps).
      if (!closing) app.log.warn({ err }, 'discord: the start-up sweep failed');
    });
  };
  if (!deps.jobsAfterListen) app.addHook('onReady', startJobs);
  // The engine starts once the app listens: Liquidsoap calls back into it from its first track.
  app.addHook('onListen', async () => {
    if (deps.jobsAfterListen) {
      void startJobs().catch((err) =>
        app.log.error({ err }, 'jobs: the job runner did not start; the site runs without it'),
      );
    }
    void registerDiscordCommands(ctx);
    if (deps.startRadio === false) return;
    // The engine starts recording live shows only if the setting and the free disk allow it.
    await recordingPipelineOf(ctx).checkGate();
    recordingPipelineOf(ctx).start();
    try {
      await applyStationCapacity(ctx);
      await backend.start(nowPlaying);
      app.log.info({ backend: backend.kind }, 'radio backend started');
    } catch (err) {
      app.log.error({ err }, 'the radio backend did not start; the site runs without it');
    }
    monitor.start();
  });
  app.addHook('preClose', async () => {
    closing = true;
    await realtime.close();
  });
  // Shutdown stays within 5 s: the engine and the job runner stop side by side, then the database closes.
  app.addHook('onClose', async () => {
    monitor.stop();
    await Promise.all([
      backend.stop().catch((err) => app.log.warn({ err }, 'radio backend did not stop cleanly')),
      jobs.stop(),
    ]);
    await nowPlaying.idle();
    await app.apiKeys.flushUsage();
    await systemLogs.close();
    if (ownsDb) await dbh.close();
  });
  return app;
}
