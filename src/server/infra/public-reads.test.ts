import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_TRANSITIONS, type RequestStatus } from '../../shared/contracts/requests';
import { EVENT_TYPES } from '../../shared/events';
import { loadActor } from '../modules/accounts/accounts.service';
import { nowPlayingOf } from '../modules/station/now-playing.service';
import { type FakeStripe, startFakeStripe } from '../test/fakes/fake-stripe';
import { ScriptedBackend } from '../test/scripted-backend';
import { makeCategory, makeItem, newKey } from '../test/shop-fixtures';
import {
  Client,
  createTestApp,
  freshDatabase,
  type Member,
  memberWith,
  signUpMember,
  type TestApp,
} from '../test/test-app';
import type { Actor } from './access';
import type { PublicRead } from './public-reads';

/**
 * The cache returns exactly what a fresh read returns, after every kind of change: random changes made
 * through the API (and the radio backend), and after each one every public read, in several variants,
 * is compared with a fresh read of the database.
 */

/** A small seeded generator, so a failing sequence can be replayed (the seed is in the test name). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = Number(process.env.PUBLIC_READS_SEED ?? 20261121);
const STEPS = Number(process.env.PUBLIC_READS_STEPS ?? 60);
const SONGS = [
  ['Midnight Drive', 'The Night Owls'],
  ['Sunrise Avenue', 'Morning Glory'],
  ['Low Tide', 'Harbour Lights'],
  ['Paper Planes', 'The Kites'],
  ['Neon Rain', 'City Pulse'],
] as const;

/** The query variants compared for each read (raw, as a browser sends them). */
const VARIANTS: Record<string, Record<string, string>[]> = {
  '/api/schedule': [{}, { day: '0' }, { day: '3' }, { day: '6' }],
  '/api/requests': [{}, { status: 'pending' }, { status: 'approved', limit: '5' }, { limit: '2' }],
  '/api/banned-songs': [{}, { all: 'false' }],
};

let t: TestApp;
let backend: ScriptedBackend;
let stripe: FakeStripe;
const STRIPE_SECRET = 'whsec_public_reads';
/** Shop items members buy with tokens, and card sessions paid (refunds and disputes pick from them). */
const shopItems: string[] = [];
const paidSessions: string[] = [];
let admin: Member;
const members: Member[] = [];
const slots: string[] = [];
const bans: { id: string; active: boolean }[] = [];
const requests: { id: string; status: RequestStatus }[] = [];
const assignments: string[] = [];
let roleId = '';
let sequence = 1;
let counter = 0;

beforeAll(async () => {
  backend = new ScriptedBackend();
  // Card payments: the fake Stripe's events are posted to the webhook by the test (no delivery of its own).
  stripe = await startFakeStripe({ webhookSecret: STRIPE_SECRET });
  stripe.setWebhookUrl(null);
  t = await createTestApp(
    { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: STRIPE_SECRET, STRIPE_API_URL: stripe.url },
    undefined,
    { radioBackend: backend },
  );
  await backend.start(nowPlayingOf(t.app.ctx));
  admin = await signUpMember(t.app, 'Admin Ada');
  for (const name of ['Bea Presenter', 'Cal Listener', 'Dee Listener'])
    members.push(await memberWith(t, name.startsWith('Bea') ? 'presenter' : 'user', [], name));
  const category = await makeCategory(admin);
  for (const priceGbp of [2, 3.5, 7])
    shopItems.push((await makeItem(admin, category, { priceGbp, stockQuantity: 40 })).id);
  const role = await admin.post('/api/roles', {
    name: 'music_curator',
    fullName: 'Music Curator',
    description: null,
    permissions: ['manage_playlists'],
  });
  roleId = role.json().role.id;
}, 120_000);
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** Posts one of the fake Stripe's events to the webhook, signed, as Stripe would; it must be accepted. */
async function toWebhook(event: unknown) {
  writesMade.add('POST /api/stripe/webhook');
  const payload = JSON.stringify(event);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) },
    payload,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

type Change = { name: string; run: () => Promise<unknown> };

/** The write requests the changes made (`METHOD /path`), to check that every write route was run. */
const writesMade = new Set<string>();
let recording = false;
const sendRequest = Client.prototype.request;
Client.prototype.request = function (this: Client, method, url, ...rest) {
  if (recording && method !== 'GET') writesMade.add(`${method} ${url.split('?')[0]}`);
  return sendRequest.call(this, method, url, ...rest);
};

/** A change made through the API must have been accepted, or the comparison after it proves nothing. */
async function ok(res: Promise<{ statusCode: number; body: string }>) {
  const r = await res;
  expect(r.statusCode, r.body).toBeLessThan(300);
}

function changes(pick: <T>(xs: readonly T[]) => T, chance: () => number): Change[] {
  const anyMember = () => pick(members);
  const song = () => pick(SONGS);
  return [
    {
      name: 'site title',
      run: () => admin.patch('/api/settings/site', { siteTitle: `Station ${++counter}` }),
    },
    {
      name: 'donation box changed',
      run: () =>
        ok(
          admin.patch('/api/settings/site', {
            donationUrl: chance() < 0.3 ? '' : `https://donate.example/${++counter}`,
            donationGoalGbp: 50 + Math.floor(chance() * 200),
            donationRaisedGbp: Math.floor(chance() * 5000) / 100,
          }),
        ),
    },
    {
      name: 'new slot',
      run: async () => {
        const res = await admin.post('/api/schedule/slots', {
          presenterId: members[0].userId,
          dayOfWeek: Math.floor(chance() * 7),
          startTime: `${String(Math.floor(chance() * 23)).padStart(2, '0')}:00`,
          endTime: '23:30',
          showName: `Show ${++counter}`,
        });
        if (res.statusCode === 201) slots.push(res.json().slot.id);
      },
    },
    {
      name: 'slot renamed',
      run: async () => {
        if (slots.length === 0) return;
        const id = pick(slots);
        const [row] = (
          await t.dbh.query<Record<string, unknown>>('SELECT * FROM schedule_slots WHERE id = $1', [id])
        ).rows;
        await admin.patch(`/api/schedule/slots/${id}`, {
          presenterId: row.presenter_id,
          dayOfWeek: row.day_of_week,
          startTime: row.start_time,
          endTime: row.end_time,
          showName: `Renamed ${++counter}`,
        });
      },
    },
    {
      name: 'slot deleted',
      run: async () => {
        if (slots.length === 0) return;
        const id = slots.splice(Math.floor(chance() * slots.length), 1)[0];
        await admin.delete(`/api/schedule/slots/${id}`);
      },
    },
    {
      name: 'like toggled',
      run: () => {
        const [title, artist] = song();
        return anyMember().post('/api/likes/toggle', { title, artist });
      },
    },
    {
      name: 'song played',
      run: async () => {
        const [title, artist] = song();
        await backend.sink!.trackChanged({
          title,
          artist,
          album: null,
          art: null,
          source: 'autodj',
          startedAt: new Date(),
          sequence: sequence++,
          streamerName: null,
        });
        await nowPlayingOf(t.app.ctx).idle();
      },
    },
    { name: 'chart generated', run: () => admin.post('/api/chart/generate') },
    { name: 'privacy toggled', run: () => anyMember().patch('/api/me', { publicProfile: chance() < 0.5 }) },
    {
      name: 'profile role changed',
      run: () =>
        admin.patch(`/api/users/${anyMember().userId}/role`, { role: pick(['user', 'presenter', 'staff']) }),
    },
    {
      name: 'role assigned',
      run: async () => {
        const res = await admin.post('/api/role-assignments', { userId: anyMember().userId, roleId });
        if (res.statusCode === 201) assignments.push(res.json().assignment.id);
      },
    },
    {
      name: 'role unassigned',
      run: async () => {
        if (assignments.length === 0) return;
        await admin.delete(`/api/role-assignments/${assignments.pop()}`);
      },
    },
    {
      name: 'song banned',
      run: async () => {
        const res = await admin.post('/api/banned-songs', {
          title: `Banned ${++counter}`,
          artist: 'Somebody',
          reason: null,
        });
        if (res.statusCode === 201) bans.push({ id: res.json().song.id, active: true });
      },
    },
    {
      name: 'ban toggled or lifted',
      run: async () => {
        if (bans.length === 0) return;
        const b = pick(bans);
        if (chance() < 0.5) {
          b.active = !b.active;
          await admin.patch(`/api/banned-songs/${b.id}`, { isActive: b.active });
        } else {
          bans.splice(bans.indexOf(b), 1);
          await admin.delete(`/api/banned-songs/${b.id}`);
        }
      },
    },
    {
      name: 'request sent',
      run: async () => {
        const n = ++counter;
        const res = await new Client(t.app, `10.0.${n >> 8}.${n & 255}`).post('/api/requests', {
          requestType: 'song_request',
          songTitle: `Request ${n}`,
          artist: 'Requested Artist',
          message: '',
          requesterName: `Listener ${n}`,
        });
        if (res.statusCode === 201) requests.push({ id: res.json().request.id, status: 'pending' });
      },
    },
    {
      name: 'request moved',
      run: async () => {
        if (requests.length === 0) return;
        const r = pick(requests);
        const to = pick(REQUEST_TRANSITIONS[r.status]);
        if ((await admin.patch(`/api/requests/${r.id}/status`, { status: to })).statusCode === 200)
          r.status = to;
      },
    },
    {
      name: 'requests switched',
      run: () => admin.patch('/api/requests/settings', { enabled: chance() < 0.7 }),
    },
    {
      name: 'live switched',
      run: async () => {
        const isLive = chance() < 0.6;
        await backend.sink!.liveChanged({ isLive, streamerName: isLive ? 'Bea Presenter' : null });
        await nowPlayingOf(t.app.ctx).idle();
      },
    },
    {
      name: 'notification sent',
      run: () =>
        admin.post('/api/notifications', {
          userId: anyMember().userId,
          title: `Note ${++counter}`,
          message: 'Hi',
        }),
    },
    {
      name: 'notifications read',
      run: async () => {
        const m = anyMember();
        const list = (await m.get('/api/notifications')).json().notifications as { id: string }[];
        if (list.length > 0 && chance() < 0.5) await m.post(`/api/notifications/${pick(list).id}/read`);
        else await m.post('/api/notifications/read-all');
      },
    },
    {
      name: 'direct message',
      run: async () => {
        const [a, b] = [anyMember(), anyMember()];
        if (a === b) return;
        const c = (await a.post('/api/conversations', { userId: b.userId })).json().conversation;
        if (chance() < 0.7)
          await a.post(`/api/conversations/${c.id}/messages`, { content: `dm ${++counter}` });
        if (chance() < 0.5) await b.post(`/api/conversations/${c.id}/read`);
      },
    },
    {
      name: 'direct message deleted by its sender',
      run: async () => {
        const a = anyMember();
        const list = (await a.get('/api/conversations')).json().conversations as { id: string }[];
        if (list.length === 0) return;
        const thread = (await a.get(`/api/conversations/${pick(list).id}/messages`)).json().messages as {
          id: string;
          senderId: string;
        }[];
        const own = thread.filter((m) => m.senderId === a.userId);
        if (own.length > 0) await ok(a.delete(`/api/messages/${pick(own).id}`));
      },
    },
    {
      name: 'chat message',
      run: () => anyMember().post('/api/chat/messages', { content: `chat ${++counter}` }),
    },
    {
      name: 'chat message removed',
      run: async () => {
        const list = (await admin.get('/api/chat/messages')).json().messages as { id: string }[];
        if (list.length > 0) await admin.delete(`/api/chat/messages/${pick(list).id}`);
      },
    },
    {
      name: 'member blocked or unblocked',
      run: async () => {
        // Blocks hide the blocked member's chat lines for the blocker: pick a member who has some.
        const lines = (await admin.get('/api/chat/messages')).json().messages as { author: { id: string } }[];
        const authors = members.filter((m) => lines.some((l) => l.author.id === m.userId));
        const b = authors.length > 0 ? pick(authors) : anyMember();
        if (authors.length === 0) await ok(b.post('/api/chat/messages', { content: `chat ${++counter}` }));
        const a = pick(members.filter((m) => m !== b));
        // The blocker has the chat open: their copy is cached when the block lands.
        await ok(a.get('/api/chat/messages'));
        const blocked = (await a.get('/api/blocks')).json().blocks as { member: { id: string } }[];
        if (blocked.some((x) => x.member.id === b.userId)) await ok(a.delete(`/api/blocks/${b.userId}`));
        else await ok(a.post('/api/blocks', { userId: b.userId }));
      },
    },
    {
      name: 'news written, published or unpublished',
      run: async () => {
        const list = (await admin.get('/api/news/manage')).json().articles as {
          id: string;
          isPublished: boolean;
        }[];
        if (list.length === 0 || chance() < 0.4) {
          await ok(
            admin.post('/api/news', {
              title: `Story ${++counter}`,
              content: 'Words.',
              excerpt: '',
              featuredImage: '',
              isPublished: chance() < 0.7,
              isFeatured: chance() < 0.3,
            }),
          );
        } else {
          const a = pick(list);
          await ok(admin.patch(`/api/news/${a.id}/flags`, { isPublished: !a.isPublished }));
        }
      },
    },
    {
      name: 'carousel changed',
      run: async () => {
        const list = (await admin.get('/api/carousel/all')).json().images as {
          id: string;
          isActive: boolean;
        }[];
        const r = chance();
        if (list.length === 0 || r < 0.4) {
          await ok(
            admin.post('/api/carousel', {
              imageUrl: `https://img.example/${++counter}.jpg`,
              title: `Slide ${counter}`,
            }),
          );
        } else if (r < 0.7) {
          await ok(
            admin.post(`/api/carousel/${pick(list).id}/move`, { direction: chance() < 0.5 ? 'up' : 'down' }),
          );
        } else {
          const img = pick(list);
          await ok(admin.patch(`/api/carousel/${img.id}`, { isActive: !img.isActive }));
        }
      },
    },
    {
      name: 'streamer added or hidden',
      run: async () => {
        const list = (await admin.get('/api/streamers/all')).json().streamers as {
          id: string;
          isActive: boolean;
        }[];
        if (list.length === 0 || chance() < 0.5) {
          await ok(
            admin.post('/api/streamers', {
              username: `Streamer${++counter}`,
              platform: 'twitch',
              twitchUsername: `s${counter}`,
            }),
          );
        } else {
          const s = pick(list);
          await ok(admin.patch(`/api/streamers/${s.id}`, { isActive: !s.isActive }));
        }
      },
    },
    {
      name: 'role permissions changed',
      run: () =>
        ok(
          admin.patch(`/api/roles/${roleId}`, {
            name: 'music_curator',
            fullName: 'Music Curator',
            description: null,
            permissions: chance() < 0.5 ? ['manage_playlists'] : ['manage_playlists', 'manage_requests'],
          }),
        ),
    },
    {
      name: 'notification deleted',
      run: async () => {
        const m = anyMember();
        await ok(
          admin.post('/api/notifications', {
            userId: m.userId,
            title: `Delete me ${++counter}`,
            message: 'Hi',
          }),
        );
        await compareAll('notification sent, to be deleted');
        const list = (await m.get('/api/notifications')).json().notifications as { id: string }[];
        await ok(m.delete(`/api/notifications/${list[0].id}`));
      },
    },
    {
      name: 'news edited',
      run: async () => {
        const list = (await admin.get('/api/news/manage')).json().articles as { id: string }[];
        if (list.length === 0) return;
        await ok(
          admin.patch(`/api/news/${pick(list).id}`, {
            title: `Edited ${++counter}`,
            content: 'New words.',
            excerpt: '',
            featuredImage: '',
            isPublished: true,
            isFeatured: chance() < 0.5,
          }),
        );
      },
    },
    {
      name: 'news deleted',
      run: async () => {
        const list = (await admin.get('/api/news/manage')).json().articles as { id: string }[];
        if (list.length > 0) await ok(admin.delete(`/api/news/${pick(list).id}`));
      },
    },
    {
      name: 'carousel image deleted',
      run: async () => {
        const list = (await admin.get('/api/carousel/all')).json().images as { id: string }[];
        if (list.length > 0) await ok(admin.delete(`/api/carousel/${pick(list).id}`));
      },
    },
    {
      name: 'streamer deleted',
      run: async () => {
        const list = (await admin.get('/api/streamers/all')).json().streamers as { id: string }[];
        if (list.length > 0) await ok(admin.delete(`/api/streamers/${pick(list).id}`));
      },
    },
    // Every way a member's tokens move: each must reach the reads that show the balance (/api/me).
    {
      name: 'tokens gifted',
      run: () =>
        ok(
          admin.post('/api/shop/gifts', {
            userId: anyMember().userId,
            tokens: 1 + Math.floor(chance() * 20),
          }),
        ),
    },
    {
      name: 'item bought with tokens',
      run: async () => {
        const m = anyMember();
        const res = await m.post(`/api/shop/items/${pick(shopItems)}/buy`, { idempotencyKey: newKey() });
        // Short of tokens, already owned or sold out: refused, and nothing changed.
        expect(res.statusCode, res.body).toBeLessThan(500);
      },
    },
    {
      name: 'tokens bought by card',
      run: async () => {
        const res = await anyMember().post('/api/shop/checkout', {
          tokens: 10 * (1 + Math.floor(chance() * 5)),
        });
        expect(res.statusCode, res.body).toBe(200);
        const sessionId = (res.json().url as string).split('/').pop() as string;
        await toWebhook(stripe.pay(sessionId));
        paidSessions.push(sessionId);
      },
    },
    {
      name: 'card payment refunded',
      run: async () => {
        if (paidSessions.length === 0) return;
        await toWebhook(stripe.refund(pick(paidSessions), 1000));
      },
    },
    {
      name: 'card payment disputed',
      run: async () => {
        if (paidSessions.length === 0) return;
        const sessionId = paidSessions.splice(Math.floor(chance() * paidSessions.length), 1)[0];
        await toWebhook(stripe.openDispute(sessionId));
        await toWebhook(stripe.closeDispute(sessionId, chance() < 0.5 ? 'won' : 'lost'));
      },
    },
    // Each branch of the random steps above as a step of its own, so the first pass runs every route.
    {
      name: 'request sent while live, then moved',
      run: async () => {
        await backend.sink!.liveChanged({ isLive: true, streamerName: 'Bea Presenter' });
        await nowPlayingOf(t.app.ctx).idle();
        await ok(admin.patch('/api/requests/settings', { enabled: true }));
        const n = ++counter;
        const res = await new Client(t.app, `10.1.${n >> 8}.${n & 255}`).post('/api/requests', {
          requestType: 'song_request',
          songTitle: `Live Request ${n}`,
          artist: 'Requested Artist',
          message: '',
          requesterName: `Listener ${n}`,
        });
        expect(res.statusCode, res.body).toBe(201);
        const id = res.json().request.id as string;
        await ok(admin.patch(`/api/requests/${id}/status`, { status: 'approved' }));
        requests.push({ id, status: 'approved' });
      },
    },
    {
      name: 'ban lifted',
      run: async () => {
        const res = await admin.post('/api/banned-songs', {
          title: `Lifted ${++counter}`,
          artist: 'Somebody',
          reason: null,
        });
        expect(res.statusCode, res.body).toBe(201);
        await compareAll('song banned, to be lifted');
        await ok(admin.delete(`/api/banned-songs/${res.json().song.id}`));
      },
    },
    {
      name: 'notification read',
      run: async () => {
        const m = anyMember();
        await ok(
          admin.post('/api/notifications', {
            userId: m.userId,
            title: `Read me ${++counter}`,
            message: 'Hi',
          }),
        );
        await compareAll('notification sent, to be read');
        const list = (await m.get('/api/notifications')).json().notifications as { id: string }[];
        await ok(m.post(`/api/notifications/${list[0].id}/read`));
      },
    },
    {
      name: 'carousel image moved',
      run: async () => {
        for (let i = 0; i < 2; i++)
          await ok(
            admin.post('/api/carousel', {
              imageUrl: `https://img.example/${++counter}.jpg`,
              title: `Slide ${counter}`,
            }),
          );
        await compareAll('carousel images added, to be moved');
        const list = (await admin.get('/api/carousel/all')).json().images as { id: string }[];
        await ok(admin.post(`/api/carousel/${list[0].id}/move`, { direction: 'down' }));
      },
    },
    {
      name: 'streamer hidden',
      run: async () => {
        const res = await admin.post('/api/streamers', {
          username: `Hidden${++counter}`,
          platform: 'twitch',
          twitchUsername: `h${counter}`,
        });
        expect(res.statusCode, res.body).toBe(201);
        await compareAll('streamer added, to be hidden');
        const list = (await admin.get('/api/streamers/all')).json().streamers as {
          id: string;
          isActive: boolean;
        }[];
        const st = list.find((x) => x.isActive)!;
        await ok(admin.patch(`/api/streamers/${st.id}`, { isActive: false }));
      },
    },
    {
      name: 'member joined',
      run: async () => {
        if (members.length < 8) members.push(await signUpMember(t.app, `Joiner ${++counter}`));
      },
    },
  ];
}

/** Each member's actor as their session resolves it (through a request, then from the cache). */
async function actorsOf(clients: Member[]) {
  const out: Actor[] = [];
  for (const c of clients) {
    await c.get('/api/me');
    const actor = t.app.ctx.actors.peek(c.cookie);
    if (actor) out.push(actor);
  }
  return out;
}

async function compareAll(after: string) {
  const everyone = [admin, ...members];
  const actors = await actorsOf(everyone);
  // The cached actors hold what a fresh read of the profile and roles gives.
  for (const a of actors) {
    const fresh = await loadActor(t.app.ctx.db, {
      userId: a.userId,
      sessionId: a.sessionId,
      email: a.email,
      name: a.signUpName,
    });
    expect(a, `actor of ${a.signUpName} after "${after}"`).toEqual(fresh);
  }
  for (const read of t.app.ctx.publicReads.all() as PublicRead<Record<string, unknown>>[]) {
    const url = read.def.url;
    const perMember = read.audience === 'each-member';
    for (const raw of VARIANTS[url] ?? [{}]) {
      const query = (read.def.query ? read.def.query.parse(raw) : {}) as Record<string, unknown>;
      for (const actor of perMember ? actors : [null]) {
        const cached = await read.body(query, actor);
        const fresh = await read.fresh(query, actor);
        expect(cached.json, `${url} ${JSON.stringify(raw)} ${actor?.signUpName ?? ''} after "${after}"`).toBe(
          fresh.json,
        );
      }
    }
    // The route answers the cached bytes, with their ETag.
    const caller =
      read.audience === 'everyone' || read.audience === 'anonymous' ? new Client(t.app) : everyone[1];
    const res = await caller.get(url);
    const actor = perMember ? t.app.ctx.actors.peek(caller.cookie) : null;
    const body = await read.body(
      (read.def.query ? read.def.query.parse({}) : {}) as Record<string, unknown>,
      actor,
    );
    expect(res.body, `GET ${url} after "${after}"`).toBe(body.json);
    expect(res.headers.etag).toBe(body.etag);
  }
}

/**
 * Write routes that change nothing any cached read shows (`publicReads`, the actor cache), with why.
 * Every other write route is run by a change above, so its effect on every cached read is compared.
 */
const CHANGE_NO_CACHED_READ: Record<string, string> = {
  'POST /api/auth/login': 'starts a session; no cached read shows sessions',
  'POST /api/auth/logout': 'ends a session: session.ended drops it (the actor cache test covers it)',
  'POST /api/auth/set-password': 'a password only',
  'POST /api/users/:id/set-password-link': 'an email only',
  'POST /api/roles': 'a new role nobody holds yet',
  'POST /api/page-visits': 'analytics, read fresh',
  'POST /api/station/engine/auth': 'the engine asking whether a DJ may connect',
  'POST /api/station/commands/:action': 'engine commands (skip, restart); now playing has its own snapshot',
  'POST /api/station/streamers': 'streaming accounts, read fresh by admins',
  'PATCH /api/station/streamers/:id': 'streaming accounts, read fresh by admins',
  'DELETE /api/station/streamers/:id': 'streaming accounts, read fresh by admins',
  'POST /api/station/my-credentials': 'a presenter’s streaming password',
  'POST /api/applications': 'applications are read fresh by admins',
  'PUT /api/discord/webhook': 'Discord settings, read fresh by admins',
  'PUT /api/discord/announcements': 'Discord settings, read fresh by admins',
  'POST /api/discord/messages': 'the Discord outbox, read fresh by admins',
  'POST /api/discord/messages/:id/retry': 'the Discord outbox, read fresh by admins',
  'POST /api/news/:id/discord': 'the Discord outbox, read fresh by admins',
  'POST /api/carousel/upload': 'stores a picture file; the carousel changes when an image is added',
  'POST /api/shop/categories': 'the shop catalogue is read fresh',
  'PATCH /api/shop/categories/:id': 'the shop catalogue is read fresh',
  'DELETE /api/shop/categories/:id': 'the shop catalogue is read fresh',
  'POST /api/shop/items': 'the shop catalogue is read fresh',
  'PATCH /api/shop/items/:id': 'the shop catalogue is read fresh',
  'DELETE /api/shop/items/:id': 'the shop catalogue is read fresh',
  'POST /api/staff/ideas': 'staff panels, read fresh',
  'POST /api/staff/ideas/:id/claim': 'staff panels, read fresh',
  'PATCH /api/staff/ideas/:id': 'staff panels, read fresh',
  'DELETE /api/staff/ideas/:id': 'staff panels, read fresh',
  'POST /api/staff/training-sessions': 'staff panels, read fresh',
  'POST /api/staff/presenter-stats/generate': 'staff panels, read fresh',
  'PATCH /api/staff/presenter-stats/:id': 'staff panels, read fresh',
  'POST /api/staff/api-keys': 'API keys, read fresh by admins',
  'POST /api/staff/api-keys/:id/revoke': 'API keys, read fresh by admins',
};

/**
 * Write routes that may change a cached read and are not run by a change above yet: each needs a change
 * step (then it leaves this list). Listed so that the gap is seen, and any new route must be classified.
 */
const NOT_YET_RUN = new Set([
  'POST /api/station/engine/event', // the same track and live paths 'song played' drives through the backend
  'POST /api/applications/:id/approve', // a role (actor, /api/me, members, team), a notification
  'POST /api/applications/:id/reject', // a notification
  'POST /api/me/picture', // /api/me, members (multipart)
  'POST /api/badges/unlock', // notifications
  'POST /api/users', // members
  'POST /api/me/discord/verify', // /api/me
  'DELETE /api/me/discord', // /api/me
  'POST /api/discord/interactions', // requests made from Discord
  'POST /api/support/tickets', // notifications
  'POST /api/support/tickets/:id/messages', // notifications
  'PATCH /api/admin/support/tickets/:id', // notifications
  'POST /api/admin/support/tickets/:id/messages', // notifications
  'POST /api/schedule/slots/:id/decision', // the schedule
  'POST /api/schedule/my-slots', // the schedule (pending until decided)
  'PATCH /api/schedule/my-slots/:id', // the schedule
  'DELETE /api/schedule/my-slots/:id', // the schedule
  'POST /api/staff/moderation/warnings', // notifications
  'DELETE /api/roles/:id', // actors holding the role
  'DELETE /api/users/:id/sessions', // actors (seen: after a revoke and a new login here, no actor was cached)
]);

describe('public reads from memory', () => {
  it(`match a fresh read after every kind of change (seed ${SEED}, ${STEPS} random changes)`, async () => {
    const next = rng(SEED);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
    const kinds = changes(pick, next);
    await compareAll('start');
    // Every kind once, in order, then random ones.
    const plan = [...kinds, ...Array.from({ length: STEPS }, () => pick(kinds))];
    for (const change of plan) {
      recording = true;
      await change.run();
      recording = false;
      await compareAll(change.name);
    }
  }, 600_000);

  // Which routes the random changes hit depends on the seed: checked with the default one.
  it.skipIf(process.env.PUBLIC_READS_SEED !== undefined || STEPS < 60)(
    'ran every write route that can change a cached read (a new route must be run above or listed)',
    () => {
      const pattern = (url: string) => new RegExp(`^${url.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
      const made = [...writesMade];
      const writeRoutes = t.app.registeredRoutes
        .filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && r.url.startsWith('/api/'))
        .map((r) => `${r.method} ${r.url}`);
      const run = (key: string) => {
        const [method, url] = key.split(' ');
        const re = pattern(url);
        return made.some((m) => m.startsWith(`${method} `) && re.test(m.slice(method.length + 1)));
      };
      const unaccounted = writeRoutes.filter(
        (k) => !run(k) && !(k in CHANGE_NO_CACHED_READ) && !NOT_YET_RUN.has(k),
      );
      expect(unaccounted).toEqual([]);
      // A route listed as changing nothing cached must not also be one the changes above rely on.
      expect(Object.keys(CHANGE_NO_CACHED_READ).filter(run)).toEqual([]);
    },
  );

  it('answers 304 to a client holding the current ETag, and the new body after a change', async () => {
    const c = new Client(t.app);
    const first = await c.get('/api/settings/public');
    const again = await c.get('/api/settings/public', { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    await admin.patch('/api/settings/site', { siteTitle: 'A Whole New Title' });
    const changed = await c.get('/api/settings/public', { 'if-none-match': first.headers.etag as string });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().siteTitle).toBe('A Whole New Title');
  });

  it('shows request managers the emails, and everyone else the shared copy', async () => {
    await backend.sink!.liveChanged({ isLive: true, streamerName: 'Bea Presenter' });
    await nowPlayingOf(t.app.ctx).idle();
    await admin.patch('/api/requests/settings', { enabled: true });
    const member = await signUpMember(t.app, 'Emailed Requester');
    expect(
      (
        await member.post('/api/requests', {
          requestType: 'shoutout',
          songTitle: '',
          artist: '',
          message: 'Hello!',
          requesterName: 'Emailed Requester',
        })
      ).statusCode,
    ).toBe(201);
    const seen = (c: Client) => c.get('/api/requests').then((r) => JSON.stringify(r.json()));
    expect(await seen(admin)).toContain(member.email);
    expect(await seen(new Client(t.app))).not.toContain(member.email);
    expect(await seen(member)).not.toContain(member.email);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('public reads on two instances sharing PostgreSQL', () => {
  it('rebuilds on the other instance once the change reaches it through LISTEN/NOTIFY', async () => {
    const shared = await freshDatabase();
    const one = await createTestApp({}, shared);
    const two = await createTestApp({}, shared);
    try {
      const boss = await signUpMember(one.app, 'Boss');
      const presenter = await memberWith(one, 'presenter', [], 'On Two');
      const heardOnTwo = (type: string) =>
        new Promise<void>((resolve) => {
          const off = two.app.ctx.realtime.onEvent((e) => {
            if (e.type !== type) return;
            off();
            resolve();
          });
        });
      // The boss's session, resolved on instance two (its reads for each member are compared as the boss).
      const bossOnTwo = new Client(two.app);
      bossOnTwo.cookie = boss.cookie;
      const bossActor = async () => {
        await bossOnTwo.get('/api/me');
        const actor = two.app.ctx.actors.peek(boss.cookie);
        if (!actor) throw new Error('the boss has no cached actor on instance two');
        return actor;
      };
      const sameEverywhere = async (after: string) => {
        for (const read of two.app.ctx.publicReads.all() as PublicRead<Record<string, unknown>>[]) {
          const q = (read.def.query ? read.def.query.parse({}) : {}) as Record<string, unknown>;
          const actor = read.audience === 'each-member' ? await bossActor() : null;
          const [cached, fresh] = [await read.body(q, actor), await read.fresh(q, actor)];
          expect(cached.json, `${read.def.url} on instance two after "${after}"`).toBe(fresh.json);
        }
      };
      const steps: [string, string, () => Promise<unknown>][] = [
        [
          'site title',
          EVENT_TYPES.settingsChanged,
          () => boss.patch('/api/settings/site', { siteTitle: 'Two Up' }),
        ],
        [
          'new slot',
          EVENT_TYPES.scheduleChanged,
          () =>
            boss.post('/api/schedule/slots', {
              presenterId: presenter.userId,
              dayOfWeek: 2,
              startTime: '10:00',
              endTime: '11:00',
              showName: 'Across Instances',
            }),
        ],
        [
          'song banned',
          EVENT_TYPES.bannedSongsChanged,
          () => boss.post('/api/banned-songs', { title: 'Nope', artist: 'Nobody', reason: null }),
        ],
        ['member joined', EVENT_TYPES.membersChanged, () => signUpMember(one.app, 'Late Joiner')],
        [
          'news published',
          EVENT_TYPES.newsChanged,
          () =>
            boss.post('/api/news', {
              title: 'Across The Wire',
              content: 'Text.',
              excerpt: '',
              featuredImage: '',
              isPublished: true,
              isFeatured: false,
            }),
        ],
        [
          'carousel image',
          EVENT_TYPES.carouselChanged,
          () => boss.post('/api/carousel', { imageUrl: 'https://img.example/two.jpg', title: 'Two' }),
        ],
        [
          'streamer added',
          EVENT_TYPES.streamersChanged,
          () =>
            boss.post('/api/streamers', {
              username: 'WireStreamer',
              platform: 'twitch',
              twitchUsername: 'wire',
            }),
        ],
        [
          'role changed',
          EVENT_TYPES.meChanged,
          () => boss.patch(`/api/users/${presenter.userId}/role`, { role: 'staff' }),
        ],
        [
          // The boss's own balance, in their /api/me cached on instance two.
          'tokens gifted',
          EVENT_TYPES.walletChanged,
          () => boss.post('/api/shop/gifts', { userId: boss.userId, tokens: 12 }),
        ],
      ];
      await sameEverywhere('start');
      for (const [name, type, run] of steps) {
        const heard = heardOnTwo(type);
        await run();
        await heard;
        await sameEverywhere(name);
      }
    } finally {
      await one.app.close();
      await two.app.close();
      await shared.drop();
    }
  }, 120_000);
});
