import { type APIRequestContext, expect, test } from '@playwright/test';
import { findBinary, type RunningProxy, startCaddy } from '../../../src/server/test/proxy/proxy-servers';
import { ensureAdminFirst, PASSWORD, shot, signUpByApi, uniqueEmail } from '../../support/common';
import { probeEvent } from '../../support/event-probe';

/**
 * The site over HTTPS through Caddy (Debian's package, deploy/Caddyfile with `tls internal`) in front of
 * the e2e app (TRUST_PROXY on, the Caddy origin trusted): a member signs in, a direct message reaches
 * their header within a second over the event stream, the stream plays, and the session cookie is Secure.
 */
const caddyPort = Number(process.env.E2E_CADDY_PORT);
const origin = `https://localhost:${caddyPort}`;
const onAir = process.env.E2E_RADIO_BACKEND === 'builtin';
let caddy: RunningProxy | undefined;

test.skip(!findBinary('caddy'), 'caddy is not installed (apt-get install caddy)');
test.use({ baseURL: origin, ignoreHTTPSErrors: true });
// About 20 s on a quiet machine; the station may still be starting when the journey reaches the player.
test.setTimeout(90_000);

test.beforeAll(async ({ browser }) => {
  caddy = await startCaddy({
    port: caddyPort,
    httpPort: Number(process.env.E2E_CADDY_HTTP_PORT),
    appPort: Number(process.env.E2E_PORT),
  });
  await ensureAdminFirst(browser);
});
test.afterAll(async () => {
  await caddy?.stop();
});

async function sendDirectMessage(from: APIRequestContext, toUserId: string, content: string) {
  const opened = await from.post('/api/conversations', { data: { userId: toUserId } });
  expect(opened.ok()).toBe(true);
  const { conversation } = await opened.json();
  const sent = await from.post(`/api/conversations/${conversation.id}/messages`, { data: { content } });
  expect(sent.status()).toBeLessThan(300);
}

test('over HTTPS through Caddy: sign in, a live event within a second, the stream plays, a Secure cookie', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('https');
  const writerCtx = await browser.newContext({ baseURL: origin, ignoreHTTPSErrors: true });
  const reader = await signUpByApi(writerCtx.request, 'Tess Secure', email);
  await writerCtx.clearCookies();
  await signUpByApi(writerCtx.request, 'Wren Writer', uniqueEmail('writer'));

  // Sign in through the page, over HTTPS.
  await page.goto('/');
  expect(page.url()).toMatch(/^https:\/\/localhost:/);
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  // Signed in, the page reopens its event stream as the member: wait for that one to open.
  const memberStream = page.waitForResponse(
    async (r) =>
      new URL(r.url()).pathname === '/api/events' &&
      ((await r.request().headerValue('cookie')) ?? '').includes('session_token='),
  );
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByText('Tess Secure').first()).toBeVisible();

  // The session cookie is Secure (and HttpOnly): the browser never sends it over plain HTTP.
  const session = (await page.context().cookies()).find((c) => c.name.includes('session_token'));
  expect(session).toMatchObject({ secure: true, httpOnly: true });

  // A direct message is pushed over the event stream through Caddy, with no buffering: the page's stream
  // has it within a second of the send, and the header lights up.
  const link = page.getByRole('banner').getByTestId('messages-link');
  await expect(link).toHaveAccessibleName('Messages');
  expect((await memberStream).status()).toBe(200);
  const probe = await probeEvent(page, 'dm.message');
  await sendDirectMessage(writerCtx.request, reader.user.id, 'Through the proxy?');
  const sent = Date.now();
  const arrived = await probe.arrivedAt();
  const took = arrived - sent;
  test.info().annotations.push({ type: 'event through Caddy', description: `${took} ms` });
  console.log(
    `[https-proxy] the direct message's event reached the page through Caddy ${took} ms after the send returned`,
  );
  expect(took).toBeLessThan(1000);
  await expect(link.getByTestId('messages-unread')).toHaveText('1');
  await shot(page, 'https-proxy-event', { fullPage: false });

  // The stream plays through the proxy.
  if (onAir) {
    // The station is on air (AutoDJ) before the listener presses play.
    await expect(page.getByRole('banner').getByTestId('on-air-marker')).toHaveAttribute(
      'data-state',
      'autodj',
      {
        timeout: 30_000,
      },
    );
    const large = page.locator('[data-testid="radio-player"][data-variant="large"]');
    await expect(large.getByTestId('now-playing-title')).not.toBeEmpty({ timeout: 30_000 });
    await large.getByRole('button', { name: 'Play' }).click();
    const audio = page.getByTestId('radio-audio');
    await expect(audio).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
    await expect
      .poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(1);
    expect(await audio.evaluate((el: HTMLAudioElement) => new URL(el.currentSrc).origin)).toBe(origin);
    await shot(page, 'https-proxy-playing', { fullPage: false });
  } else {
    test
      .info()
      .annotations.push({ type: 'skipped', description: 'the stream: the built-in engine is not installed' });
  }
  await writerCtx.close();
});
