import { describe, expect, it, vi } from 'vitest';
import { appForFile } from '../../test/app-for-file';
import { createInteractionSigner, linkInteraction } from '../../test/fakes/fake-discord';

const signer = createInteractionSigner();
const t = appForFile({ env: signer.appEnv });

/** Sends exactly these bytes, signed as Discord would sign them. */
const send = (text: string, headers = signer.sign(text)) =>
  t.app.inject({ method: 'POST', url: '/api/discord/interactions', headers, payload: text });

const codeIn = (content: string) => /\*\*(\d{6})\*\*/.exec(content)?.[1] ?? null;

let n = 0;
const discordUser = (name: string) => {
  n += 1;
  return { id: String(910_000_000_000_000_000n + BigInt(n)), username: name };
};

describe('signed but malformed interactions', () => {
  it('answers each with a 400 and logs why, never a 500', async () => {
    const link = linkInteraction(discordUser('shape'), signer.applicationId);
    const withUser = (user: Record<string, unknown>) => JSON.stringify({ ...link, member: { user } });
    const bodies: [string, string][] = [
      ['null body', 'null'],
      ['a number', '42'],
      ['a list', '[]'],
      ['a command without data', '{"type":2}'],
      ['a command whose data is null', JSON.stringify({ ...link, data: null })],
      ['NUL in the username', withUser({ ...link.member.user, username: 'evil\u0000name' })],
      ['NUL in the user id', withUser({ ...link.member.user, id: '123\u0000456' })],
      ['NUL in the global name', withUser({ ...link.member.user, global_name: 'Glo\u0000bal' })],
      ['a 500,000-character user id', withUser({ ...link.member.user, id: '9'.repeat(500_000) })],
      ['a user id that is not a number', withUser({ ...link.member.user, id: 'abc' })],
      ['a user that is a string', withUser('someone' as unknown as Record<string, unknown>)],
    ];
    for (const [what, text] of bodies) {
      const res = await send(text);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().error.code, what).toBe('VALIDATION');
    }
    // Each refusal is logged with its reason (the Developer section's system logs show it).
    await vi.waitFor(
      async () => {
        const { rows } = await t.dbh.query<{ message: string }>(
          `SELECT message FROM system_logs WHERE message LIKE 'discord: interaction refused%'`,
        );
        expect(rows.length).toBe(bodies.length);
        expect(rows.some((r) => r.message.includes('user'))).toBe(true);
      },
      { timeout: 10_000, interval: 250 },
    );
    const { rows } = await t.dbh.query<{ n: number }>('SELECT count(*)::int AS n FROM discord_link_codes');
    expect(rows[0].n).toBe(0);
  });
});

describe('a replayed /link interaction', () => {
  it('is answered once: the same signed request sent again is refused and issues no new code', async () => {
    const user = discordUser('replayer');
    const text = JSON.stringify(linkInteraction(user, signer.applicationId));
    const headers = signer.sign(text);
    const first = await send(text, headers);
    expect(first.statusCode).toBe(200);
    const code = codeIn(first.json().data.content);
    expect(code).toBeTruthy();
    const { rows: before } = await t.dbh.query<{ code_hash: string }>(
      'SELECT code_hash FROM discord_link_codes WHERE discord_id = $1',
      [user.id],
    );
    for (let i = 0; i < 4; i++) {
      const again = await send(text, headers);
      expect(again.statusCode).toBe(409);
      expect(codeIn(again.body)).toBeNull();
    }
    const { rows: after } = await t.dbh.query<{ code_hash: string }>(
      'SELECT code_hash FROM discord_link_codes WHERE discord_id = $1',
      [user.id],
    );
    // The code the first answer gave is still the one that works.
    expect(after).toEqual(before);
  });

  it('sent five times at once, gets exactly one code (on PostgreSQL the instances agree through the database)', async () => {
    const user = discordUser('racer');
    const text = JSON.stringify(linkInteraction(user, signer.applicationId));
    const headers = signer.sign(text);
    const results = await Promise.all(Array.from({ length: 5 }, () => send(text, headers)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
  });

  it('forgets interaction ids once their signatures can no longer be replayed', async () => {
    await send(JSON.stringify(linkInteraction(discordUser('old'), signer.applicationId)));
    await t.dbh.query(
      `UPDATE discord_interactions SET received_at = now() - interval '1 hour' WHERE received_at > now() - interval '1 minute'`,
    );
    await send(JSON.stringify(linkInteraction(discordUser('new'), signer.applicationId)));
    const { rows } = await t.dbh.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM discord_interactions WHERE received_at < now() - interval '30 minutes'`,
    );
    expect(rows[0].n).toBe(0);
  });
});
