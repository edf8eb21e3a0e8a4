import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { subscribeDiscordAnnouncements } from './announcements';
import { discordJobs, sweepAfterStart } from './discord.jobs';
import { discordRoutes } from './discord.routes';
import { registerDiscordCommands } from './discord-commands';
import { interactionsRoutes } from './interactions.routes';

/**
 * The Discord module: the outbox of announcements (it hears `chart.published`, `live.started` and
 * `live.ended`), the admin's Discord tab, a member's Discord link and the slash commands.
 */
export const discordModule = fp(
  async function discord(app: FastifyInstance) {
    const { ctx } = app;
    subscribeDiscordAnnouncements(ctx);
    ctx.jobs.register(...discordJobs(ctx));
    // Until the runner has started, a Discord message waits in its outbox row for the sweep (as on an
    // instance that runs no jobs); the sweep right after the start queues it. A shutdown right after the
    // start stops the runner under the sweep: nothing is lost (the cron sweeps), so app.ts only logs it.
    app.lifecycle.on('jobs-started', 'discord: the start-up sweep', () => sweepAfterStart(ctx));
    app.lifecycle.on('listening', 'discord: registering the slash commands', () => {
      void registerDiscordCommands(ctx);
    });
    await app.register(discordRoutes);
    await app.register(interactionsRoutes);
  },
  { name: 'discord' },
);
