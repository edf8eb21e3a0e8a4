/**
 * Stream Info and the harbor's door without the engine's processes (the built-in backend as the app
 * builds it, the engine's calls made as Liquidsoap makes them): encoders that log in only as "source"
 * with username,password (or username:password) as the password, refusals shown on the connection check
 * even when the login names no account, a new presenter's first password, and no port that nothing
 * listens on.
 */
import { describe, expect, it } from 'vitest';
import { HARBOR_REFUSALS } from '../../../shared/texts/stream-info';
import { appForFile } from '../../test/app-for-file';
import { Client, type Member, memberWith, signUpMember } from '../../test/test-app';

const t = appForFile({ builtin: true, admin: 'Station Admin' });

const mayConnect = async (user: string, password: string, address = '127.0.0.1') => {
  const res = await new Client(t.app).request(
    'POST',
    '/api/station/engine/auth',
    { user, password, address },
    { 'x-engine-token': t.app.ctx.station.engineToken },
  );
  expect(res.statusCode).toBe(200);
  return res.json() as { allowed: boolean; user: string };
};
const refusalOf = async (m: Member) => (await m.get('/api/station/my-connection')).json().lastRefusal;

describe('encoders that log in only as source', () => {
  it('lets "source" on air with username,password or username:password, as that account', async () => {
    const dee = await memberWith(t, 'presenter', [], 'Dee Darkice');
    const { username, password } = (await dee.post('/api/station/my-credentials')).json();
    expect(await mayConnect('source', `${username},${password}`)).toEqual({ allowed: true, user: username });
    expect(await mayConnect('source', `${username}:${password}`)).toEqual({ allowed: true, user: username });
    // The account's own login still works, and a wrong password behind "source" is refused as that account.
    expect(await mayConnect(username, password)).toEqual({ allowed: true, user: username });
    expect(await mayConnect('source', `${username},WRONG-PASS`)).toEqual({ allowed: false, user: username });
    expect(await refusalOf(dee)).toMatchObject({ reason: HARBOR_REFUSALS.wrongLogin });
  });

  it('keeps the username "source" for them', async () => {
    const res = await t.admin.post('/api/station/streamers', {
      username: 'source',
      password: 'secret-123',
      displayName: 'Source',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/"source" is kept/);
  });
});

describe('refusals on the connection check', () => {
  it('shows a presenter a refusal of a login that names no account, from the address they are on', async () => {
    const una = await memberWith(t, 'presenter', [], 'Una Known');
    await una.post('/api/station/my-credentials');
    expect(await refusalOf(una)).toBeNull();
    // A mistyped username, from the presenter's own address (the app sees 127.0.0.1 here).
    expect((await mayConnect('presenter-typo', 'whatever', '127.0.0.1')).allowed).toBe(false);
    expect(await refusalOf(una)).toMatchObject({ reason: HARBOR_REFUSALS.unknownUser('presenter-typo') });
    // "source" without the account in the password says what to type.
    expect((await mayConnect('source', 'JUSTAPASSWORD', '::ffff:127.0.0.1')).allowed).toBe(false);
    expect(await refusalOf(una)).toMatchObject({ reason: HARBOR_REFUSALS.sourceWithoutAccount });
  });

  it('does not show a presenter an unknown login from another address; station control sees it', async () => {
    const otto = await memberWith(t, 'presenter', [], 'Otto Elsewhere');
    await otto.post('/api/station/my-credentials');
    // Only refusals from elsewhere in this test: clear what the other tests left, by a newer one here.
    expect((await mayConnect('nobody-here', 'whatever', '203.0.113.9')).allowed).toBe(false);
    const seen = await refusalOf(otto);
    expect(seen?.reason ?? '').not.toContain('nobody-here');
    expect(await refusalOf(t.admin)).toMatchObject({ reason: HARBOR_REFUSALS.unknownUser('nobody-here') });
  });
});

describe('a new presenter’s first password', { shuffle: false }, () => {
  let pia: Member;

  it('asks a presenter promoted by an t.admin to make their first password', async () => {
    pia = await signUpMember(t.app, 'Pia Promoted');
    expect((await t.admin.patch(`/api/users/${pia.userId}/role`, { role: 'presenter' })).statusCode).toBe(
      200,
    );
    const before = (await pia.get('/api/station/my-credentials')).json();
    expect(before).toMatchObject({ username: expect.stringMatching(/^presenter-\d{4}$/), password: null });
    expect(before.passwordChosen).toBe(false);
    expect(before.connection).toEqual({
      host: expect.any(String),
      port: t.app.ctx.config.HARBOR_PORT,
      mount: '/live',
    });

    const made = (await pia.post('/api/station/my-credentials')).json();
    expect(made).toMatchObject({ username: before.username, passwordChosen: true });
    expect(made.password).toMatch(/^[A-Z0-9]{8}$/);
    expect(await mayConnect(made.username, made.password)).toEqual({ allowed: true, user: made.username });
    // From now on it reads as recovering a password, not making the first.
    expect((await pia.get('/api/station/my-credentials')).json().passwordChosen).toBe(true);
  });

  it('counts a password the presenter made themselves as chosen from the start', async () => {
    const admin2 = await memberWith(t, 'admin', [], 'Self Made');
    expect((await admin2.get('/api/station/my-credentials')).json()).toMatchObject({
      username: null,
      passwordChosen: false,
    });
    expect((await admin2.post('/api/station/my-credentials')).json().passwordChosen).toBe(true);
    expect((await admin2.get('/api/station/my-credentials')).json().passwordChosen).toBe(true);
  });
});
