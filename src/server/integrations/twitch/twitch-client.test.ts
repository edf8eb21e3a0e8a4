import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeTwitch, startFakeTwitch } from '../../test/fakes/fake-twitch';
import { TwitchClient, TwitchError } from './twitch-client';

let tw: FakeTwitch;
beforeAll(async () => {
  tw = await startFakeTwitch({ clientId: 'cid', clientSecret: 'csecret' });
});
afterAll(async () => tw.close());
beforeEach(() => {
  tw.setBucket({ remaining: 800, resetInSeconds: 60 });
  for (const l of ['alpha', 'beta', 'gamma']) tw.goOffline(l);
});

const client = (over: Partial<ConstructorParameters<typeof TwitchClient>[0]> = {}) =>
  new TwitchClient({ clientId: 'cid', clientSecret: 'csecret', apiUrl: tw.url, authUrl: tw.url, ...over });

const streamCalls = () => tw.requests.filter((r) => r.path === '/helix/streams').length;

describe('Twitch Helix client', () => {
  it('answers which channels are live, by lowercased login, from one app token', async () => {
    tw.goLive('Alpha', { title: 'Morning mix', viewerCount: 12 });
    const c = client();
    const issued = tw.tokensIssued();
    const live = await c.liveStreams(['ALPHA', 'beta', 'alpha']);
    expect([...live.keys()]).toEqual(['alpha']);
    expect(live.get('alpha')).toMatchObject({ title: 'Morning mix', viewerCount: 12, gameName: 'Music' });
    await c.liveStreams(['beta']);
    expect(tw.tokensIssued() - issued).toBe(1);
    const call = tw.requests.filter((r) => r.path === '/helix/streams').at(-2)!;
    expect(call.query.getAll('user_login')).toEqual(['alpha', 'beta']);
    expect(call.headers['client-id']).toBe('cid');
    expect(call.headers.authorization).toMatch(/^Bearer \w+$/);
    const token = tw.requests.filter((r) => r.path === '/oauth2/token').at(-1)!;
    expect(Object.fromEntries(new URLSearchParams(token.body))).toEqual({
      client_id: 'cid',
      client_secret: 'csecret',
      grant_type: 'client_credentials',
    });
  });

  it('asks for at most 100 logins a call', async () => {
    const logins = Array.from({ length: 250 }, (_, i) => `user${i}`);
    tw.goLive('user199');
    const before = tw.streamCalls.length;
    const live = await client().liveStreams(logins);
    expect(tw.streamCalls.slice(before).map((c) => c.length)).toEqual([100, 100, 50]);
    expect([...live.keys()]).toEqual(['user199']);
    tw.goOffline('user199');
  });

  it('renews the token when Twitch answers 401', async () => {
    const c = client();
    await c.liveStreams(['alpha']);
    const issued = tw.tokensIssued();
    tw.revokeTokens();
    tw.goLive('beta');
    expect([...(await c.liveStreams(['beta'])).keys()]).toEqual(['beta']);
    expect(tw.tokensIssued()).toBe(issued + 1);
  });

  it('says plainly when the credentials are wrong', async () => {
    const c = client({ clientSecret: 'wrong' });
    await expect(c.liveStreams(['alpha'])).rejects.toMatchObject({
      kind: 'rejected',
      message: 'Twitch rejected the client credentials (invalid client secret)',
    });
    expect(c.lastError).toBe('Twitch rejected the client credentials (invalid client secret)');
  });

  it('honours the rate-limit headers: an empty bucket stops calls until Ratelimit-Reset', async () => {
    const c = client();
    await c.liveStreams(['alpha']);
    tw.setBucket({ remaining: 0, resetInSeconds: 30 });
    const err = await c.liveStreams(['alpha']).catch((e) => e);
    expect(err).toBeInstanceOf(TwitchError);
    expect(err.kind).toBe('rate-limited');
    expect(err.retryAt).toBeGreaterThan(Date.now() + 25_000);
    // Blocked: the next check does not even call Twitch.
    const calls = streamCalls();
    await expect(c.liveStreams(['alpha'])).rejects.toMatchObject({ kind: 'rate-limited' });
    expect(streamCalls()).toBe(calls);
  });

  it('waits for a bucket that refills within seconds', async () => {
    const c = client();
    await c.liveStreams(['alpha']);
    // The last point is spent by this call: Twitch says remaining 0 until the reset.
    tw.setBucket({ remaining: 1, resetInSeconds: 1 });
    await c.liveStreams(['alpha']);
    tw.goLive('gamma');
    const started = Date.now();
    expect([...(await c.liveStreams(['gamma'])).keys()]).toEqual(['gamma']);
    expect(Date.now() - started).toBeGreaterThan(200);
  });

  it('reports an unreachable Twitch as unavailable', async () => {
    const c = client({ apiUrl: 'http://127.0.0.1:9', authUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
    await expect(c.liveStreams(['alpha'])).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
