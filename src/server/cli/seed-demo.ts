import { buildApp } from '../app';
import { loadConfig } from '../config';
import { DEMO_PASSWORD, seedDemo } from '../demo/seed-demo';

/**
 * `npm run seed:demo`: fills a fresh site with the demo station (demo/seed-demo.ts): staff of each role,
 * members, notifications and some of everything. Running it again adds nothing twice.
 */
async function main() {
  const config = loadConfig({
    ...process.env,
    JOBS_ENABLED: 'false',
    SERVE_WEB: 'false',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_MAX: '10000',
    RADIO_BACKEND: 'none',
  });
  const app = await buildApp(config);
  try {
    const out = await seedDemo(app);
    console.log(
      `Demo station ready: ${out.accounts} accounts (password "${DEMO_PASSWORD}"), admin@onair.local is the admin; ` +
        `${out.slots} show slots, ${out.plays} plays, ${out.likes} likes, ${out.requests} requests, ` +
        `${out.banned} banned songs, ${out.applications} applications, ${out.chat} chat messages, ` +
        `${out.conversations} conversations, ${out.badges} badges, ${out.shopItems} shop items, ` +
        `${out.purchases} purchases, ${out.tickets} support tickets, ${out.tones} tones written to MUSIC_DIR, ` +
        `${out.samples} listener samples, ${out.articles} articles, ${out.carousel} carousel images, ` +
        `${out.streamers} community streamers.`,
    );
  } finally {
    await app.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
