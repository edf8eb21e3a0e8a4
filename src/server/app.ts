import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildInfrastructure, createFastify } from './app-infrastructure';
import type { Config } from './config';
import { apiKeyAccessPlugin } from './infra/http/api-key-access';
import { registerHttpPlugins, registerSystemRoutes } from './infra/http/http-plugins';
import { webPlugin } from './infra/http/web';
import { Lifecycle } from './infra/lifecycle';
import { realtimeRoutes } from './infra/realtime/realtime.routes';
import { uploadsRoutes } from './infra/storage/uploads.routes';
import { registerModules } from './modules';
import { makeActorResolver } from './modules/accounts/actor';
import { renderPagePreview } from './modules/news/news-preview';
import { fromRoot } from './paths';

export type { AppDeps };

const WEB_ROOT = fromRoot('dist', 'web');

/**
 * The composition root: the infrastructure (app-infrastructure.ts), the HTTP plugins, then every module's
 * plugin in MODULE_ORDER (modules/index.ts), the web app last; the start and stop around them.
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const { app, fastPaths, systemLogs } = createFastify(config);
  const { ctx, ownsDb, metrics } = await buildInfrastructure(app, config, deps, fastPaths, systemLogs);
  const { dbh, jobs, realtime } = ctx;
  const lifecycle = new Lifecycle();
  app.decorate('lifecycle', lifecycle);

  await registerHttpPlugins(app, {
    config,
    metrics,
    access: {
      resolveActor: makeActorResolver(ctx, ctx.actors),
      trustedOrigins: config.trustedOrigins,
      engineToken: (token) => ctx.station.acceptsEngineToken(token),
    },
  });
  await app.register(apiKeyAccessPlugin, { ctx });
  registerSystemRoutes(app, dbh);

  // Every domain event a module emits has a subscriber once the modules are registered.
  app.addHook('onReady', async () => ctx.events.assertEverySubscribed());
  let closing = false;
  const startJobs = async () => {
    if (config.JOBS_ENABLED) await jobs.start();
    for (const step of lifecycle.steps('jobs-started')) {
      try {
        await step.run();
      } catch (err) {
        // A shutdown right after the start may stop the runner under a step: only logged, and only then.
        if (!closing) app.log.warn({ err }, `${step.what} failed`);
      }
    }
  };
  if (!deps.jobsAfterListen) app.addHook('onReady', startJobs);
  // The engine starts once the app listens: Liquidsoap calls back into it from its first track.
  app.addHook('onListen', async () => {
    if (deps.jobsAfterListen) {
      void startJobs().catch((err) =>
        app.log.error({ err }, 'jobs: the job runner did not start; the site runs without it'),
      );
    }
    await lifecycle.run('listening');
    if (deps.startRadio === false) return;
    await lifecycle.run('before-engine-start');
    await lifecycle.run('engine-start');
    await lifecycle.run('after-engine-start');
  });
  app.addHook('preClose', async () => {
    closing = true;
    await realtime.close();
  });

  await app.register(realtimeRoutes);
  await app.register(uploadsRoutes);
  await registerModules(app, { fastPaths, decideNextTrack: deps.decideNextTrack });
  if (config.SERVE_WEB) {
    await app.register(webPlugin, {
      root: config.WEB_DIR ?? WEB_ROOT,
      renderIndex: (html, path, caller) => renderPagePreview(ctx, html, path, caller),
    });
  }

  // Shutdown stays within 5 s: the engine and the job runner stop side by side, then the database closes.
  // Added last, this hook runs before the modules' own onClose hooks.
  app.addHook('onClose', async () => {
    await lifecycle.run('before-engine-stop');
    await Promise.all([lifecycle.run('engine-stop'), jobs.stop()]);
    await lifecycle.run('after-engine-stop');
    await app.apiKeys.flushUsage();
    await systemLogs.close();
    if (ownsDb) await dbh.close();
  });
  return app;
}
