import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pruneListenerSamplesJob, sampleListenersJob } from './admin.jobs';
import { adminRoutes } from './admin.routes';
import { siteSettingsRoutes } from './site-settings.routes';
import { StationMonitor, stationMonitorSlot } from './station-monitor';

/**
 * The admin module: the admin panel's dashboard, users, reports and site settings, the listener samples
 * and the station monitor (on air or not, watched while the engine runs).
 */
export const adminModule = fp(
  async function admin(app: FastifyInstance) {
    const { ctx } = app;
    const monitor = new StationMonitor(ctx, ctx.station.backend);
    stationMonitorSlot.provide(ctx, monitor);
    ctx.jobs.register(sampleListenersJob(ctx), pruneListenerSamplesJob(ctx));
    app.lifecycle.on('after-engine-start', 'admin: the station monitor', () => monitor.start());
    app.lifecycle.on('before-engine-stop', 'admin: the station monitor', () => monitor.stop());
    await app.register(siteSettingsRoutes);
    await app.register(adminRoutes);
  },
  { name: 'admin' },
);
