import { buildApp } from './app';
import { loadConfig } from './config';
import { keepDataPrivate } from './infra/private-data';

/**
 * Process entry: config → database → migrations → app → listen → job runner and radio engine. SIGTERM
 * drains within 5 seconds.
 */
async function main() {
  const config = loadConfig();
  keepDataPrivate(config.dataDir);
  // Listening comes first: the job runner starts right after, in the background.
  const app = await buildApp(config, { jobsAfterListen: true });
  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`${config.SITE_TITLE} is on ${config.baseUrl}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 5 s; exiting');
      process.exit(1);
    }, 5000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
