import { describe, expect, it } from 'vitest';
import { appForFile } from '../../test/app-for-file';
import { createInteractionSigner, linkInteraction } from '../../test/fakes/fake-discord';
import { Client, createTestApp, memberWith, signUpMember } from '../../test/test-app';

const signer = createInteractionSigner();
const t = appForFile({ env: signer.appEnv });

let discordUsers = 0;
function discordUser(name: string) {
  discordUsers += 1;
  return { id: String(900_000_000_000_000_000n + BigInt(discordUsers)), username: name };
}

async function interact(body: object, headers?: Record<string, string>) {
  const text = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/discord/interactions',
    headers: headers ?? signer.sign(text),
    payload: text,
  });
}

async function codeFor(user: { id: string; username: string }) {
  const res = await interact(linkInteraction(user, signer.applicationId));
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.type).toBe(4);
  expect(body.data.flags).toBe(64);
  const code = /\*\*(\d{6})\*\*/.exec(body.data.content)?.[1];
  expect(code).toBeTruthy();
  return code as string;
}

describe('the interactions endpoint', () => {
  it('refuses anything not signed by the application (401), answers PING with PONG', async () => {
    const ping = { id: '1', application_id: signer.applicationId, type: 1, token: 'x', version: 1 };
    const text = JSON.stringify(ping);
    expect((await interact(ping, { 'content-type': 'application/json' })).statusCode).toBe(401);
    const bad = signer.sign(text);
    bad['x-signature-ed25519'] = bad['x-signature-ed25519'].replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    expect((await interact(ping, bad)).statusCode).toBe(401);
    const other = createInteractionSigner().sign(text);
    expect((await interact(ping, other)).statusCode).toBe(401);
    // A signature over another body (tampered after signing).
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/discord/interactions',
      headers: signer.sign(text),
      payload: JSON.stringify({ ...ping, type: 2 }),
    });
    expect(tampered.statusCode).toBe(401);
    const old = signer.sign(text, String(Math.floor(Date.now() / 1000) - 3600));
    expect((await interact(ping, old)).statusCode).toBe(401);
    const ok = await interact(ping);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ type: 1 });
  });

  it('answers /link privately with a 6-digit code that is stored only hashed', async () => {
    const user = discordUser('nova');
    const code = await codeFor(user);
    const { rows } = await t.dbh.query<{ code_hash: string; expires_at: Date }>(
      'SELECT code_hash, expires_at FROM discord_link_codes WHERE discord_id = $1',
      [user.id],
    );
    expect(rows[0].code_hash).not.toContain(code);
    expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    const minutes = (new Date(rows[0].expires_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.9);
    expect(minutes).toBeLessThanOrEqual(10);
  });
});

describe('linking in profile settings', () => {
  it('checks codes in a fixed order with exact texts, then links; the code works once', async () => {
    const m = await signUpMember(t.app, 'Linky Lou');
    const verify = (code: string) => m.post('/api/me/discord/verify', { code });
    expect((await m.get('/api/me/discord')).json()).toEqual({ configured: true, linked: null });
    expect((await verify('000000')).json().error.message).toBe('Invalid or expired verification code');
    expect((await verify('12ab')).json().error.message).toBe('Invalid verification code');
    const user = discordUser('lou');
    const code = await codeFor(user);
    await t.dbh.query(
      `UPDATE discord_link_codes SET expires_at = now() - interval '1 second' WHERE discord_id = $1`,
      [user.id],
    );
    const expired = await verify(code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe('Verification code has expired');
    const fresh = await codeFor(user);
    const ok = await verify(fresh);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ configured: true, linked: { discordId: user.id, discordUsername: 'lou' } });
    expect((await m.get('/api/me')).json().me.profile.discordUsername).toBe('lou');
    expect((await verify(fresh)).json().error.message).toBe('Invalid or expired verification code');
    // Linked accounts do not get another code; another member cannot take it.
    const again = await interact(linkInteraction(user, signer.applicationId));
    expect(again.json().data.content).toContain('already linked to Linky Lou');
    const un = await m.delete('/api/me/discord');
    expect(un.json().linked).toBeNull();
    expect((await m.get('/api/me')).json().me.profile.discordUsername).toBeNull();
  });

  it('gives a member 5 wrong tries in 10 minutes, then refuses even the right code (429)', async () => {
    const m = await signUpMember(t.app, 'Guessing Gus');
    const code = await codeFor(discordUser('gus'));
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++)
      expect((await m.post('/api/me/discord/verify', { code: wrong })).statusCode).toBe(400);
    const blocked = await m.post('/api/me/discord/verify', { code });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe(
      'Too many wrong codes. Please wait a few minutes and try again.',
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(500);
    await t.dbh.query(
      `UPDATE discord_link_failures SET created_at = now() - interval '11 minutes' WHERE user_id = $1`,
      [m.userId],
    );
    expect((await m.post('/api/me/discord/verify', { code })).statusCode).toBe(200);
  });

  it('links a Discord account to one member, and shows the name on the team page', async () => {
    const presenter = await memberWith(t, 'presenter', [], 'Presenter Pia');
    const user = discordUser('pia');
    expect((await presenter.post('/api/me/discord/verify', { code: await codeFor(user) })).statusCode).toBe(
      200,
    );
    const team = (await new Client(t.app).get('/api/team')).json();
    const card = team.core.find((c: { id: string }) => c.id === presenter.userId);
    expect(card.socials.discord).toBe('pia');
    // Someone else somehow holding a code of an already linked account is refused.
    await t.dbh.query('UPDATE profiles SET discord_id = NULL WHERE id = $1', [presenter.userId]);
    const code = await codeFor(user);
    await t.dbh.query('UPDATE profiles SET discord_id = $1 WHERE id = $2', [user.id, presenter.userId]);
    const other = await signUpMember(t.app, 'Other Otto');
    const res = await other.post('/api/me/discord/verify', { code });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This Discord account is already linked to another member.');
  });

  it('two members racing for one code: exactly one links', async () => {
    const a = await signUpMember(t.app, 'Racer A');
    const b = await signUpMember(t.app, 'Racer B');
    const code = await codeFor(discordUser('racer'));
    const results = await Promise.all([a, b].map((m) => m.post('/api/me/discord/verify', { code })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('twenty wrong tries at once: five are checked, the rest refused', async () => {
    const m = await signUpMember(t.app, 'Hasty Hal');
    await codeFor(discordUser('hal'));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => m.post('/api/me/discord/verify', { code: String(100000 + i) })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });
});

describe('without the Discord settings', () => {
  it('says linking is not set up on this station, and the endpoint refuses everything', async () => {
    const bare = await createTestApp({ db: t.dbh });
    try {
      const m = await signUpMember(bare.app, 'No Discord');
      expect((await m.get('/api/me/discord')).json()).toEqual({ configured: false, linked: null });
      const res = await m.post('/api/me/discord/verify', { code: '123456' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('Discord linking is not set up on this station.');
      const body = JSON.stringify({ type: 1 });
      const ping = await bare.app.inject({
        method: 'POST',
        url: '/api/discord/interactions',
        headers: signer.sign(body),
        payload: body,
      });
      expect(ping.statusCode).toBe(401);
    } finally {
      await bare.app.close();
    }
  });
});
