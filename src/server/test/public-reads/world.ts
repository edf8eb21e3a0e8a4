import { expect } from 'vitest';
import type { RequestStatus } from '../../../shared/contracts/requests';
import type { PublicRead } from '../../infra/caches/public-reads';
import type { Actor } from '../../infra/http/access';
import { loadActor } from '../../modules/accounts/accounts.service';
import type { FakeStripe } from '../fakes/fake-stripe';
import type { ScriptedBackend } from '../scripted-backend';
import { Client, type Member, type TestApp } from '../test-app';

/**
 * What the differential test of the cached reads (src/server/infra/caches/public-reads.test.ts) shares with its
 * change steps: the app, its members, the comparison of every cached read with a fresh one, and the record
 * of the write routes the changes made.
 */
export interface World {
  t: TestApp;
  backend: ScriptedBackend;
  stripe: FakeStripe;
  /** Signs the interactions Discord would send (the key the app was started with). */
  discord: { applicationId: string; sign(body: string): Record<string, string> };
  admin: Member;
  /** The members whose reads are compared (changes may add some). */
  members: Member[];
  /** Shop items members buy with tokens. */
  shopItems: string[];
  /** A role with permissions, assigned and unassigned by the changes. */
  roleId: string;
  /** What the changes made, for later changes to pick from. */
  slots: string[];
  bans: { id: string; active: boolean }[];
  requests: { id: string; status: RequestStatus }[];
  assignments: string[];
  /** Card sessions paid (refunds and disputes pick from them). */
  paidSessions: string[];
  /** Numbers names and addresses apart. */
  counter: number;
  /** The radio backend's track sequence. */
  sequence: number;
}

export type Change = { name: string; run: () => Promise<unknown> };
export type Pick = <T>(xs: readonly T[]) => T;

/** A new world around an app and its first members (the admin first). */
export function worldOf(
  base: Pick_<World, 't' | 'backend' | 'stripe' | 'discord' | 'admin' | 'members' | 'shopItems' | 'roleId'>,
): World {
  return {
    ...base,
    slots: [],
    bans: [],
    requests: [],
    assignments: [],
    paidSessions: [],
    counter: 0,
    sequence: 1,
  };
}
type Pick_<T, K extends keyof T> = { [P in K]: T[P] };

/** The query variants compared for each read (raw, as a browser sends them). */
const VARIANTS: Record<string, Record<string, string>[]> = {
  '/api/schedule': [{}, { day: '0' }, { day: '3' }, { day: '6' }],
  '/api/requests': [{}, { status: 'pending' }, { status: 'approved', limit: '5' }, { limit: '2' }],
  '/api/banned-songs': [{}, { all: 'false' }],
};

/** The write requests the changes made (`METHOD /path`), to check that every write route was run. */
export const writesMade = new Set<string>();
let recording = false;
const sendRequest = Client.prototype.request;
Client.prototype.request = function (this: Client, method, url, ...rest) {
  if (recording && method !== 'GET') writesMade.add(`${method} ${url.split('?')[0]}`);
  return sendRequest.call(this, method, url, ...rest);
};

/** Runs a change with its write requests recorded. */
export async function recorded(run: () => Promise<unknown>) {
  recording = true;
  try {
    await run();
  } finally {
    recording = false;
  }
}

/** A request that is not the change under test (signing in again to read as the member), left unrecorded. */
export async function unrecorded<T>(run: () => Promise<T>) {
  const was = recording;
  recording = false;
  try {
    return await run();
  } finally {
    recording = was;
  }
}

/** A change made through the API must have been accepted, or the comparison after it proves nothing. */
export async function ok<R extends { statusCode: number; body: string }>(res: Promise<R>): Promise<R> {
  const r = await res;
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r;
}

/** Posts a request straight to the app (signed webhooks, uploads), recorded as a write route run. */
export async function inject(
  w: World,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload: string | Buffer,
) {
  writesMade.add(`${method} ${url}`);
  const res = await w.t.app.inject({ method, url, headers, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
}

/** Posts one of the fake Stripe's events to the webhook, signed, as Stripe would; it must be accepted. */
export async function toWebhook(w: World, event: unknown) {
  const payload = JSON.stringify(event);
  await inject(
    w,
    'POST',
    '/api/stripe/webhook',
    { 'content-type': 'application/json', 'stripe-signature': w.stripe.sign(payload) },
    payload,
  );
}

/** Each member's actor as their session resolves it (through a request, then from the cache). */
async function actorsOf(w: World, clients: Member[]) {
  const out: Actor[] = [];
  for (const c of clients) {
    await c.get('/api/me');
    const actor = w.t.app.ctx.actors.peek(c.cookie);
    if (actor) out.push(actor);
  }
  return out;
}

/** Every cached read, in every variant and for every member, equals a fresh read of the database. */
export async function compareAll(w: World, after: string) {
  const { t } = w;
  const everyone = [w.admin, ...w.members];
  const actors = await actorsOf(w, everyone);
  // Every member is signed in: a member without a cached actor would have their reads left uncompared.
  expect(
    actors.map((a) => a.userId),
    `actors after "${after}"`,
  ).toEqual(everyone.map((m) => m.userId));
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
