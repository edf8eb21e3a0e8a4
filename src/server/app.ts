import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../shared/contracts/common';
import type { Config } from './config';
import type { AppContext } from './context';
import { type DbHandle, openDatabase } from './db/client';
import { accessPlugin } from './infra/access';
import { createAuth } from './infra/auth';
import { errorsPlugin } from './infra/errors';
import { FastPaths } from './infra/fast-paths';
import { Jobs } from './infra/jobs';
import { createMailer, type Mailer } from './infra/mailer';
import { RealtimeHub } from './infra/realtime';
import { pruneRealtimeEventsJob, realtimeRoutes } from './infra/realtime.routes';
import { createLocalStorage } from './infra/storage';
import { uploadsRoutes } from './infra/uploads.routes';
import { webPlugin } from './infra/web';
import { BuiltinBackend } from './integrations/radio/builtin/builtin-backend';
import { createRadioBackend } from './integrations/radio/create-backend';
import type { RadioBackend } from './integrations/radio/types';
import { SpotifyClient } from './integrations/spotify/spotify-client';
import { pruneExpiredSessionsJob } from './modules/accounts/accounts.jobs';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { createProfileForNewUser } from './modules/accounts/accounts.service';
import { makeActorResolver } from './modules/accounts/actor';
import { profileRoutes } from './modules/accounts/profile.routes';
import { applicationsRoutes } from './modules/applications/applications.routes';
import { ensureBadges } from './modules/badges/badges.catalogue';
import { badgesRoutes } from './modules/badges/badges.routes';
import { pageVisitsRoutes, prunePageVisitsJob } from './modules/badges/page-visits.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { settingsRoutes } from './modules/content/settings.routes';
import { libraryRoutes, weeklyChartJob } from './modules/library/library.routes';
import { membersRoutes } from './modules/members/members.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { requestsRoutes } from './modules/requests/requests.routes';
import { rolesRoutes } from './modules/roles/roles.routes';
import { ensureSystemRoles } from './modules/roles/roles.seed';
import { scheduleRoutes } from './modules/schedule/schedule.routes';
import { NowPlayingService } from './modules/station/now-playing.service';
import { renderSocialPreview } from './modules/station/social-preview';
import { stationRoutes } from './modules/station/station.routes';

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
}

const WEB_ROOT = fileURLToPath(new URL('../../dist/web', import.meta.url));

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const fastPaths = new FastPaths();
  const app = Fastify({
    serverFactory: fastPaths.serverFactory,
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    return503OnClosing: true,
    forceCloseConnections: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDb = !deps.dbh;
  const dbh = deps.dbh ?? (await openDatabase(config));
  if (!deps.skipMigrations) await dbh.migrate();
  await ensureSystemRoles(dbh.db);
  await ensureBadges(dbh.db);

  const realtime = new RealtimeHub(dbh, app.log, { crossInstance: dbh.kind === 'pg' });
  await realtime.start();
  const mailer = deps.mailer ?? createMailer(config);
  const jobs = new Jobs(dbh, app.log, config.DATABASE_URL);
  const auth = createAuth({
    db: dbh.db,
    config,
    mailer,
    log: app.log,
    onUserCreated: (u) => createProfileForNewUser(dbh.db, u),
  });
  const engineToken = randomBytes(24).toString('base64url');
  const backend = deps.radioBackend ?? createRadioBackend(config, { db: dbh.db, log: app.log, engineToken });
  const engine = backend instanceof BuiltinBackend ? backend : null;
  const relaySource = engine && !config.STREAM_PUBLIC_URL ? engine.internalStreamUrl : null;
  const spotify = SpotifyClient.fromConfig(config, app.log);
  const base = { config, dbh, db: dbh.db, realtime, jobs, auth, mailer, log: app.log };
  const nowPlaying = new NowPlayingService(base, backend, spotify, relaySource !== null);
  await nowPlaying.init();
  fastPaths.register('/api/now-playing', () => nowPlaying);
  const ctx: AppContext = {
    ...base,
    storage: createLocalStorage(config.dataDir),
    station: {
      backend,
      engine,
      nowPlaying,
      relaySource,
      spotify,
      engineToken: engine?.engineToken ?? engineToken,
    },
  };
  app.decorate('ctx', ctx);

  jobs.register(
    pruneExpiredSessionsJob(dbh.db),
    pruneRealtimeEventsJob(realtime),
    prunePageVisitsJob(ctx),
    weeklyChartJob(ctx),
  );

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'http:', 'https:'],
        connectSrc: ["'self'", 'http:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
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
  await app.register(accessPlugin, {
    resolveActor: makeActorResolver(ctx),
    trustedOrigins: config.trustedOrigins,
    engineToken: ctx.station.engineToken,
  });

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
  await app.register(settingsRoutes);
  await app.register(pageVisitsRoutes);
  await app.register(realtimeRoutes);
  await app.register(stationRoutes);
  await app.register(libraryRoutes);
  await app.register(scheduleRoutes);
  await app.register(requestsRoutes);
  await app.register(applicationsRoutes);
  await app.register(profileRoutes);
  await app.register(uploadsRoutes);
  await app.register(badgesRoutes);
  await app.register(chatRoutes);
  await app.register(membersRoutes);
  await app.register(messagesRoutes);
  if (config.SERVE_WEB) {
    await app.register(webPlugin, {
      root: config.WEB_DIR ?? WEB_ROOT,
      renderIndex: (html) => renderSocialPreview(ctx, html),
    });
  }

  app.addHook('onReady', async () => {
    if (config.JOBS_ENABLED) await jobs.start();
  });
  // The engine starts once the app listens: Liquidsoap calls back into it from its first track.
  app.addHook('onListen', async () => {
    if (deps.startRadio === false) return;
    try {
      await backend.start(nowPlaying);
      app.log.info({ backend: backend.kind }, 'radio backend started');
    } catch (err) {
      app.log.error({ err }, 'the radio backend did not start; the site runs without it');
    }
  });
  app.addHook('preClose', async () => {
    await realtime.close();
  });
  // Shutdown stays within 5 s: the engine and the job runner stop side by side, then the database closes.
  app.addHook('onClose', async () => {
    await Promise.all([
      backend.stop().catch((err) => app.log.warn({ err }, 'radio backend did not stop cleanly')),
      jobs.stop(),
    ]);
    await nowPlaying.idle();
    if (ownsDb) await dbh.close();
  });
  return app;
}
