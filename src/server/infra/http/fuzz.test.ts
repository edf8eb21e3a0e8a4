import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/seeded-random';
import { Client, createTestApp, type Member, signUpMember, type TestApp } from '../../test/test-app';
import { hasUnsafeText } from './text-safety';

/**
 * Fuzzes every documented route (from the app's own OpenAPI description): bodies, queries and path
 * parameters built from each route's schema, mixing plausible values, real ids, hostile strings (NUL,
 * lone surrogates, huge, injection-looking) and wrong types, as an admin, a member and a visitor.
 * No input may answer a 5xx, and text the database cannot hold is always a 400.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1200);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

/** Routes that never answer within inject (streams), or that would end the fuzzing session. */
const SKIP = new Set(['GET /api/events', 'GET /stream', 'POST /api/auth/logout']);

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  nullable?: boolean;
  required?: string[];
};
interface Operation {
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
}

const HOSTILE = [
  'a\u0000b',
  '\u0000',
  'x\ud800y',
  '\udc00',
  '\ud83d',
  'x'.repeat(5000),
  '',
  '   ',
  "$1 $2 $& $' $`",
  '<script>alert(1)</script>',
  '"; DROP TABLE profiles; --',
  '../../../etc/passwd',
  '%00',
  '\\u0000',
  'null',
  '-1',
  '1e999',
  '😀🎵',
  'Ünïcödé ñ',
  '\u202e\u200b\ufeff',
];
const PLAIN = ['hello world', 'Night Shift', 'fuzz@example.com', 'secret123', '/requests', 'jazz', 'a'];

describe('fuzzing every route', () => {
  let t: TestApp;
  let admin: Member;
  let member: Member;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpMember(t.app, 'Fuzz Admin');
    member = await signUpMember(t.app, 'Fuzz Member');
    ids.push(admin.userId, member.userId);
    const conv = (await member.post('/api/conversations', { userId: admin.userId })).json().conversation;
    ids.push(conv.id);
    ids.push(
      (await member.post(`/api/conversations/${conv.id}/messages`, { content: 'hi' })).json().message.id,
    );
    const roles = (await admin.get('/api/roles')).json().roles as { id: string }[];
    ids.push(roles[0].id);
    const song = await t.dbh.query<{ id: string }>(
      `INSERT INTO songs (title, artist) VALUES ('Fuzz Song', 'Fuzz Band') RETURNING id`,
    );
    ids.push(song.rows[0].id);
    await member.post('/api/chat/messages', { content: 'chat line' });
  });
  afterAll(async () => t.close());

  it('never answers a 5xx; unstorable text is a 400', async () => {
    const spec = (await new Client(t.app).get('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const ops: { method: string; path: string; op: Operation }[] = [];
    for (const [path, methods] of Object.entries(spec.paths))
      for (const [method, op] of Object.entries(methods)) {
        const m = method.toUpperCase();
        const fastifyPath = path.replace(/\{\*\}/g, '*').replace(/\{(\w+)\}/g, ':$1');
        if (m === 'HEAD' || SKIP.has(`${m} ${fastifyPath}`)) continue;
        ops.push({ method: m, path, op });
      }
    expect(ops.length).toBeGreaterThan(40);

    const rnd = seededRandom(SEED);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
    const chance = (p: number) => rnd() < p;

    const str = (s: Schema): unknown => {
      if (chance(0.25)) return pick(HOSTILE);
      if (s.format === 'uuid' || chance(0.15)) return pick(ids);
      return pick(PLAIN);
    };
    const junk = (): unknown => pick([null, 0, -1, 1e308, true, [], {}, 'junk', [null], { a: 'a\u0000' }]);
    const value = (s: Schema | undefined, depth = 0): unknown => {
      if (!s || depth > 4) return junk();
      if (chance(0.08)) return junk();
      if (s.enum) return chance(0.8) ? pick(s.enum) : str(s);
      const alt = s.anyOf ?? s.oneOf;
      if (alt) return value(pick(alt), depth + 1);
      const type = Array.isArray(s.type) ? pick(s.type) : s.type;
      if (s.nullable && chance(0.1)) return null;
      switch (type) {
        case 'string':
          return str(s);
        case 'integer':
        case 'number':
          return pick([0, 1, 5, -3, 2 ** 53, 1e9, 0.5, 100]);
        case 'boolean':
          return chance(0.5);
        case 'array':
          return Array.from({ length: Math.floor(rnd() * 4) }, () => value(s.items, depth + 1));
        case 'object': {
          const out: Record<string, unknown> = {};
          for (const [k, p] of Object.entries(s.properties ?? {}))
            if (s.required?.includes(k) ? chance(0.95) : chance(0.6)) out[k] = value(p, depth + 1);
          if (chance(0.1)) out[pick(['extra', 'role', '__proto__', 'a\u0000'])] = str(s);
          return out;
        }
        default:
          return str(s);
      }
    };
    const asQuery = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
    // A URL carries UTF-8: a lone surrogate cannot be written in one (it becomes U+FFFD).
    const enc = (v: string) => {
      try {
        return encodeURIComponent(v);
      } catch {
        return encodeURIComponent(v.replace(/[\ud800-\udfff]/g, '\ufffd'));
      }
    };

    const visitor = new Client(t.app, '10.9.9.9');
    const failures: string[] = [];
    for (let n = 0; n < REQUESTS; n++) {
      const { method, path, op } = pick(ops);
      let url = path;
      const query: string[] = [];
      for (const p of op.parameters ?? []) {
        const v = value(p.schema);
        if (p.in === 'path') url = url.replace(`{${p.name}}`, enc(asQuery(v)));
        else if (p.in === 'query' && chance(0.7)) query.push(`${enc(p.name)}=${enc(asQuery(v))}`);
      }
      url = url.replace(/\{[^}]+\}/g, 'x');
      if (query.length) url += `?${query.join('&')}`;
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      const body = method === 'GET' || method === 'DELETE' ? undefined : bodySchema ? value(bodySchema) : {};
      // Sign-up and login as a fresh visitor: a lucky fuzzed sign-up must not replace a session.
      const who = path.startsWith('/api/auth/')
        ? new Client(t.app, '10.9.9.8')
        : pick([admin as Client, member as Client, visitor]);
      const res = await who.request(method, url, body as Record<string, unknown> | undefined);
      const sent = `${method} ${url} ${JSON.stringify(body)?.slice(0, 300)}`;
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${sent} -> ${res.body.slice(0, 200)}`);
      const decodedUrl = (() => {
        try {
          return decodeURIComponent(url);
        } catch {
          return '';
        }
      })();
      if (
        (hasUnsafeText(body) || hasUnsafeText(decodedUrl)) &&
        ![400, 401, 403, 429].includes(res.statusCode)
      )
        failures.push(`unsafe text answered ${res.statusCode}: ${sent}`);
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
