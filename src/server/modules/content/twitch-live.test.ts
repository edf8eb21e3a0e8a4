import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../../shared/events';
import { type FakeTwitch, startFakeTwitch } from '../../test/fakes/fake-twitch';
import { Client, createTestApp, type Member, signUpMember, type TestApp } from '../../test/test-app';
import { cronEvery } from './streamers.jobs';
import { checkTwitchLive, TWITCH_LIVE_JOB } from './twitch-live.service';

let tw: FakeTwitch;
let t: TestApp;
let admin: Member;
let anon: Client;
beforeAll(async () => {
  tw = await startFakeTwitch();
  t = await createTestApp({
    env: {
      TWITCH_CLIENT_ID: tw.clientId,
      TWITCH_CLIENT_SECRET: tw.clientSecret,
      TWITCH_API_URL: tw.url,
      TWITCH_AUTH_URL: tw.url,
    },
  });
  admin = await signUpMember(t.app, 'Twitch Admin');
  anon = new Client(t.app);
  for (const s of [
    { username: 'Nova', platform: 'twitch', twitchUsername: 'Nova_Live', displayOrder: 1 },
    { username: 'Both Ways', platform: 'both', twitchUsername: 'bothways', youtubeChannelId: '@bothways' },
    { username: 'Tuber', platform: 'youtube', twitchUsername: 'tuber_tw', youtubeChannelId: '@tuber' },
    { username: 'Resting', platform: 'twitch', twitchUsername: 'resting', isActive: false },
    { username: 'No Channel', platform: 'twitch' },
  ]) {
    expect((await admin.post('/api/streamers', s)).statusCode).toBe(201);
  }
});
afterAll(async () => {
  await t.close();
  await tw.close();
});

const live = async () =>
  (
    (await anon.get('/api/streamers')).json().streamers as {
      username: string;
      isLive: boolean;
      liveTitle: string | null;
    }[]
  )
    .filter((s) => s.isLive)
    .map((s) => s.username);
const liveEvents = async () =>
  (
    await t.dbh.query<{ data: { live: string[] } }>(
      'SELECT data FROM realtime_events WHERE type = $1 ORDER BY id',
      [EVENT_TYPES.streamersLiveChanged],
    )
  ).rows.map((r) => r.data.live);

describe('Twitch live status, through the server only', () => {
  it('asks Twitch about the active Twitch channels only, in one call, and shows the LIVE badge', async () => {
    tw.goLive('nova_live', { title: 'Friday deep house' });
    tw.goLive('tuber_tw');
    const result = await t.app.ctx.jobs.runNow(TWITCH_LIVE_JOB, { followUps: false });
    expect(result).toEqual({ checked: 2, live: 1, changed: true });
    expect(tw.streamCalls.at(-1)?.sort()).toEqual(['bothways', 'nova_live']);
    expect(await live()).toEqual(['Nova']);
    const nova = (await anon.get('/api/streamers'))
      .json()
      .streamers.find((s: { username: string }) => s.username === 'Nova');
    expect(nova.liveTitle).toBe('Friday deep house');
    expect(await liveEvents()).toEqual([['nova_live']]);
  });

  it('pushes only when what the page shows changes: who is live, their titles, games or viewers', async () => {
    await checkTwitchLive(t.app.ctx);
    expect(await liveEvents()).toHaveLength(1);
    tw.goLive('bothways');
    await checkTwitchLive(t.app.ctx);
    tw.goOffline('nova_live');
    await checkTwitchLive(t.app.ctx);
    expect(await liveEvents()).toEqual([['nova_live'], ['bothways', 'nova_live'], ['bothways']]);
    expect(await live()).toEqual(['Both Ways']);
    tw.goLive('bothways', { title: 'New title' });
    await checkTwitchLive(t.app.ctx);
    expect(await liveEvents()).toHaveLength(4);
    const both = (await anon.get('/api/streamers'))
      .json()
      .streamers.find((s: { username: string }) => s.username === 'Both Ways');
    expect(both.liveTitle).toBe('New title');
  });

  it('keeps the last answer when Twitch fails, says why in the admin tab, and lets stale badges fade', async () => {
    tw.setBucket({ remaining: 0, resetInSeconds: 120 });
    const failed = await checkTwitchLive(t.app.ctx);
    expect(failed).toEqual({ error: expect.stringContaining('Twitch rate limit reached') });
    expect(await live()).toEqual(['Both Ways']);
    const status = (await admin.get('/api/streamers/all')).json().twitch;
    expect(status.configured).toBe(true);
    expect(status.lastError).toContain('Twitch rate limit reached');
    expect(Date.now() - Date.parse(status.lastCheckedAt)).toBeLessThan(60_000);
    await t.dbh.query(`UPDATE twitch_live_status SET checked_at = now() - interval '10 minutes'`);
    // The next (still failing) poll tells readers to look again: the stale badge is gone.
    expect(await checkTwitchLive(t.app.ctx)).toEqual({ error: expect.any(String) });
    expect(await live()).toEqual([]);
  });

  it('polls once a minute by default, on a cron a minute at the finest', () => {
    expect(cronEvery(60)).toBe('* * * * *');
    expect(cronEvery(5)).toBe('* * * * *');
    expect(cronEvery(300)).toBe('*/5 * * * *');
    expect(cronEvery(3600)).toBe('0 * * * *');
  });
});

describe('without Twitch credentials', () => {
  it('shows no LIVE badges, never calls out, and the admin tab says Twitch is not set up', async () => {
    const plain = await createTestApp();
    try {
      const a = await signUpMember(plain.app, 'Plain Admin');
      await a.post('/api/streamers', {
        username: 'Offline',
        platform: 'twitch',
        twitchUsername: 'nova_live',
      });
      expect(await checkTwitchLive(plain.app.ctx)).toEqual({ skipped: 'Twitch is not set up' });
      expect((await a.get('/api/streamers/all')).json().twitch.configured).toBe(false);
      expect((await new Client(plain.app).get('/api/streamers')).json().streamers[0].isLive).toBe(false);
    } finally {
      await plain.close();
    }
  });
});
