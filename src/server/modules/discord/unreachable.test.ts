import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryView } from '../../../shared/contracts/discord';
import { EVENT_TYPES } from '../../../shared/events';
import { DISCORD_TEXTS } from '../../../shared/texts/discord';
import { type FakeDiscord, startFakeDiscord } from '../../test/fakes/fake-discord';
import { openStream, sleep } from '../../test/sse-client';
import { createTestApp, type Member, memberWith, type TestApp } from '../../test/test-app';
import { failSpentDelivery } from './delivery';

/** Discord failing for a long time: the sender is answered at once, told the retries, and told at the end. */
let t: TestApp;
let discord: FakeDiscord;
let admin: Member;
let base: string;
beforeAll(async () => {
  discord = await startFakeDiscord();
  t = await createTestApp({ env: { JOBS_ENABLED: 'true', DISCORD_API_URL: discord.apiUrl }, listen: true });
  base = t.base;
  admin = await memberWith(t, 'admin', [], 'Dora Discord');
  expect(
    (await admin.request('PUT', '/api/discord/webhook', { url: discord.createWebhook().url })).statusCode,
  ).toBe(200);
}, 120_000);
afterAll(async () => {
  await t.close();
  await discord.close();
});

async function view(id: string): Promise<DeliveryView> {
  const list: DeliveryView[] = (await admin.get('/api/discord/messages')).json().messages;
  const found = list.find((m) => m.id === id);
  if (!found) throw new Error(`message ${id} not listed`);
  return found;
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(v)}`);
    await sleep(100);
  }
}

describe('Discord unreachable', () => {
  it('answers the sender at once, says when the next attempt is, and lets other messages go', async () => {
    discord.chaos({ rate500: 1 }); // every request fails until the news test
    const started = Date.now();
    const res = await admin.post('/api/discord/messages', { content: 'while Discord is down' });
    expect(res.statusCode).toBe(202);
    expect(Date.now() - started).toBeLessThan(2000);
    const id = res.json().message.id;
    const retrying = await until(
      () => view(id),
      (v) => v.status === 'queued' && v.attempts >= 1,
    );
    expect(retrying.nextAttemptAt).not.toBeNull();
    expect(Date.parse(retrying.nextAttemptAt as string)).toBeGreaterThan(Date.now() - 1000);
    expect(retrying.error).toMatch(/500/);
    // Another message is accepted at once while the first waits.
    const second = await admin.post('/api/discord/messages', { content: 'a second one' });
    expect(second.statusCode).toBe(202);
  }, 60_000);

  it('tells the sender in the bell when the message finally fails', async () => {
    discord.chaos({ rate500: 1 });
    const id = (await admin.post('/api/discord/messages', { content: 'never arrives' })).json().message.id;
    await until(
      () => view(id),
      (v) => v.attempts >= 1 && v.status === 'queued',
    );
    // The retries are spent: the dead-letter job fails the message.
    await until(
      () => failSpentDelivery(t.app.ctx, id),
      (r) => r === 'failed',
    );
    expect((await view(id)).status).toBe('failed');
    const bell = (await admin.get('/api/notifications')).json().notifications;
    const told = bell.find((n: { title: string }) => n.title === DISCORD_TEXTS.failedTitle);
    expect(told).toBeDefined();
    expect(told.message).toContain('never arrives');
    expect(told.link).toBe('/admin?tab=discord');
  }, 60_000);

  it('news sharing says queued, then the sharer hears sent over the event stream', async () => {
    discord.chaos({}); // Discord answers again
    const reporter = await memberWith(t, 'user', ['news_reporter'], 'Nell Reporter');
    const article = (
      await reporter.post('/api/news', {
        title: 'Queued Not Sent',
        content: 'Body',
        excerpt: '',
        featuredImage: '',
        isPublished: true,
        isFeatured: false,
      })
    ).json().article;
    const stream = openStream(base, { cookie: reporter.cookie });
    await stream.opened;
    const res = await reporter.post(`/api/news/${article.id}/discord`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(DISCORD_TEXTS.newsQueued);
    expect(res.json().delivery.status).toBe('queued');
    const sent = await stream.waitFor(
      EVENT_TYPES.discordMessageChanged,
      15_000,
      (e) =>
        (e.data as DeliveryView).id === res.json().delivery.id && (e.data as DeliveryView).status === 'sent',
    );
    expect(sent).toBeDefined();
    stream.close();
  }, 60_000);
});
