import { describe, expect, it } from 'vitest';
import { ClientCredentials, type CredentialsFailure } from './client-credentials';

class TestError extends Error {
  constructor(
    message: string,
    readonly kind: CredentialsFailure,
  ) {
    super(message);
  }
}

/** A service answering from `answer`; every request is recorded. */
function setup(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  let issued = 0;
  const credentials = new ClientCredentials({
    tokenUrl: 'https://auth.test/token',
    tokenForm: { client_id: 'id' },
    send: async (url, init) => {
      calls.push({ url, init });
      return answer(url, init);
    },
    now: () => 0,
    detail: (_step, body) => (body as { message?: string } | undefined)?.message ?? '',
    messages: {
      token: { unavailable: 'Auth failed', rejected: 'Credentials rejected' },
      request: { unavailable: 'Service failed', rejected: 'Request refused' },
      unexpectedToken: 'Unexpected token answer',
    },
    error: (message, kind) => new TestError(message, kind),
  });
  const token = () => Response.json({ access_token: `t${++issued}`, expires_in: 3600 });
  const tokenCalls = () => calls.filter((c) => c.url === 'https://auth.test/token');
  return { credentials, calls, token, tokenCalls };
}

describe('ClientCredentials', () => {
  it('shares one token request among concurrent callers, then keeps the token', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const { credentials, calls, token, tokenCalls } = setup(async (url) => {
      if (url.endsWith('/token')) {
        await held;
        return token();
      }
      return Response.json({ ok: true });
    });
    const both = Promise.all([
      credentials.getJson('https://api.test/a'),
      credentials.getJson('https://api.test/b'),
    ]);
    release();
    expect(await both).toEqual([{ ok: true }, { ok: true }]);
    await credentials.getJson('https://api.test/c', { 'client-id': 'id' });
    expect(tokenCalls()).toHaveLength(1);
    expect(tokenCalls()[0]!.init.body).toBe('client_id=id&grant_type=client_credentials');
    expect(calls.at(-1)!.init.headers).toEqual({ 'client-id': 'id', authorization: 'Bearer t1' });
  });

  it('after a 401 fetches a new token and retries once, then gives up', async () => {
    let refusals = 1;
    const { credentials, calls, token, tokenCalls } = setup((url) => {
      if (url.endsWith('/token')) return token();
      if (refusals-- > 0) return Response.json({ message: 'invalid token' }, { status: 401 });
      return Response.json({ ok: true });
    });
    expect(await credentials.getJson('https://api.test/a')).toEqual({ ok: true });
    expect(tokenCalls()).toHaveLength(2);
    expect(calls.at(-1)!.init.headers).toEqual({ authorization: 'Bearer t2' });

    refusals = 2;
    await expect(credentials.getJson('https://api.test/a')).rejects.toMatchObject({
      kind: 'rejected',
      message: 'Request refused (invalid token)',
    });
    expect(tokenCalls()).toHaveLength(3);
  });

  it('a 5xx is unavailable, any other error answer rejected', async () => {
    let status = 503;
    const { credentials } = setup(() => new Response('', { status }));
    await expect(credentials.getJson('https://api.test/a')).rejects.toMatchObject({
      kind: 'unavailable',
      message: 'Auth failed (HTTP 503)',
    });
    status = 400;
    await expect(credentials.getJson('https://api.test/a')).rejects.toMatchObject({
      kind: 'rejected',
      message: 'Credentials rejected (HTTP 400)',
    });
  });
});
