/**
 * What an idle open tab costs: the HTTP requests a signed-in member's tab makes in a minute of doing
 * nothing (in Chromium, against the built app), side by side with what one-second polling
 * would cost, and the server throughput that polling would eat. Run after `npm run build`:
 *   node --import tsx bench/idle-tab-requests.ts [seconds=60]
 */
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { signUpMember } from '../src/server/test/test-app';
import { startBenchApp } from './support';

const seconds = Number(process.argv[2] ?? 60);
const { app, url } = await startBenchApp({ SERVE_WEB: 'true', BASE_URL: 'http://localhost:3000' });
const member = await signUpMember(app, 'Idle Ida');
const [name, value] = member.cookie.split('=');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const context = await browser.newContext();
await context.addCookies([{ name, value, url }]);
const page = await context.newPage();
await page.goto(`${url}/`);
await page.waitForLoadState('networkidle');
await page.waitForTimeout(3000);

const requests: string[] = [];
page.on('request', (r) => requests.push(`${r.method()} ${new URL(r.url()).pathname}`));
await page.waitForTimeout(seconds * 1000);
const perMinute = (requests.length * 60) / seconds;
console.log(
  `idle signed-in tab on the home page, ${seconds} s: ${requests.length} requests (${perMinute.toFixed(1)}/min)`,
);
if (requests.length) console.log(`  ${[...new Set(requests)].join(', ')}`);
console.log('  (the event stream stays open: one heartbeat comment every 25 s, no new requests)');
await browser.close();

// What one-second polling of the chat (a polling widget) would cost the server.
const poll = await autocannon({
  url: `${url}/api/chat/messages`,
  connections: 50,
  duration: 5,
  headers: { cookie: member.cookie },
} as Parameters<typeof autocannon>[0]);
const capacity = poll.requests.average;
console.log(
  `GET /api/chat/messages (what a poll costs): ${capacity.toFixed(0)} req/s at full load on this machine`,
);
for (const tabs of [100, 1000]) {
  console.log(
    `  ${tabs} idle tabs polling every second: ${tabs * 60} requests/min, ${((tabs / capacity) * 100).toFixed(0)}% of that capacity; with the event stream: 0 requests/min`,
  );
}
console.log(
  `spec polling for one idle tab with the chat widget: 60 (chat) + 6 (now playing) + 2 + 2 + 2 (30-s jobs) = 72 requests/min; measured here: ${perMinute.toFixed(1)}/min`,
);
await app.close();
process.exit(0);
