import { startFakeDiscord } from '../../src/server/test/fakes/fake-discord';

/** The fake Discord API as its own process for the end-to-end run (playwright.config.ts starts it). */
const port = Number(process.env.FAKE_DISCORD_PORT);
const fake = await startFakeDiscord({ port, control: true, bucketLimit: 50, bucketWindowMs: 1000 });
console.log(`fake Discord on ${fake.url}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
