import { createHash } from 'node:crypto';
import type http from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RealtimeEvent } from '../../../shared/events';
import type { Actor } from '../http/access';
import type { RealtimeHub } from '../realtime/realtime-hub';
import { carriesSessionCookie } from './actor-cache';
import type { CachedResource } from './fast-paths';

/**
 * Cached reads: answers rendered once and served from memory with an ETag (and 304), like now-playing,
 * then rebuilt after a change that affects them is published on the realtime bus (on every instance:
 * the bus crosses instances through LISTEN/NOTIFY). Mostly public reads, the same for every visitor;
 * the same mechanism keeps a signed-in member's own reads (their notifications, conversations, /api/me).
 *
 * Registering one (in the module's routes file):
 *
 *   const newsList = ctx.publicReads.register({
 *     url: '/api/news',                        // the route's path, answered before routing too
 *     query: NewsQuery,                        // optional zod schema: one cached copy per valid query
 *     response: NewsList,                      // optional: the route's response schema, applied once
 *     build: (q) => listNews(ctx, q),          // the body, from the database
 *     invalidatedBy: [EVENT_TYPES.newsChanged, EVENT_TYPES.membersChanged],
 *   });
 *   r.get('/api/news', { config: { access: 'public' }, schema: { querystring: NewsQuery, response: { 200: NewsList } } },
 *     (req, reply) => newsList.reply(req, reply));
 *
 * Rules: `build` returns what a fresh read returns (for anyone, or for the member given); every change to
 * what it returns publishes one of `invalidatedBy` after its commit.
 *
 * `audience`:
 * - 'everyone' (default): the same bytes for everyone; answered before routing for every caller.
 * - 'anonymous': what visitors see, while some callers see more (managers): answered before routing
 *   only without a session cookie; the route decides for signed-in callers (usually `read.reply`).
 * - 'signed-in': the same bytes for every signed-in member (the live chat); others get the route's 401.
 * - 'each-member': one copy per member, built with their actor. An event on a `user:<id>` topic
 *   rebuilds only that member's copy, unless listed as `{ type, everyMember: true }` (a change of one
 *   member that shows in others' copies); events on other topics rebuild every copy.
 *
 * `cacheable` turns away variants not worth keeping (a free-text search): they are built per request.
 */
export type Invalidation = string | { type: string; everyMember: true };

export interface PublicReadDefinition<Q> {
  url: string;
  query?: z.ZodType<Q>;
  response?: z.ZodType;
  build: (query: Q, actor: Actor | null) => unknown;
  invalidatedBy: readonly Invalidation[];
  cacheable?: (query: Q) => boolean;
  audience?: 'everyone' | 'anonymous' | 'signed-in' | 'each-member';
}

/** Copies kept per read (distinct queries, or members × queries); the least recently used go first. */
const MAX_SHARED_VARIANTS = 64;
const MAX_MEMBER_VARIANTS = 10_000;

interface Variant {
  userId: string | null;
  value: CachedResource | null;
  valueGen: number;
  pending: Promise<CachedResource> | null;
  pendingGen: number;
}

export function renderJson(data: unknown): CachedResource {
  const json = JSON.stringify(data);
  return { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
}

/** One key per distinct query, whatever the order of its parameters. */
function canonicalKey(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const entries = Object.entries(query as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify(entries);
}

export class PublicRead<Q = Record<string, never>> {
  private readonly variants = new Map<string, Variant>();
  /** Raw query strings already parsed, to their query (or null: refused, or not cacheable). */
  private readonly parsedSearch = new Map<string, { key: string; query: Q } | null>();
  private generation = 0;
  private readonly memberGenerations = new Map<string, number>();
  readonly headers: Record<string, string>;
  readonly audience: NonNullable<PublicReadDefinition<Q>['audience']>;

  constructor(readonly def: PublicReadDefinition<Q>) {
    this.audience = def.audience ?? 'everyone';
    // Shared reads may be kept and revalidated (ETag → 304); a member's own reads are never stored.
    const caching = {
      everyone: 'no-cache',
      anonymous: 'private, no-cache',
      'signed-in': 'private, no-cache',
    };
    this.headers = {
      'cache-control': this.audience === 'each-member' ? 'no-store' : caching[this.audience],
      'x-content-type-options': 'nosniff',
    };
  }

  private get perMember() {
    return this.audience === 'each-member';
  }

  private gen(userId: string | null) {
    return this.generation + (userId ? (this.memberGenerations.get(userId) ?? 0) : 0);
  }

  /** What a fresh read returns now, rendered as the cache would hold it (tests compare the two). */
  async fresh(query: Q = {} as Q, actor: Actor | null = null): Promise<CachedResource> {
    const data = await this.def.build(query, actor);
    return renderJson(this.def.response ? this.def.response.parse(data) : data);
  }

  /** Drops the cached copies (one member's, or all): the next request rebuilds, once however many wait. */
  invalidate(userId?: string) {
    if (userId !== undefined && this.perMember) {
      this.memberGenerations.set(userId, (this.memberGenerations.get(userId) ?? 0) + 1);
      for (const v of this.variants.values()) if (v.userId === userId) v.value = null;
      return;
    }
    this.generation += 1;
    for (const v of this.variants.values()) v.value = null;
  }

  /** The cached body for a query (and the member, for 'each-member' reads), built when missing or stale. */
  body(query: Q = {} as Q, actor: Actor | null = null): Promise<CachedResource> | CachedResource {
    if (this.def.cacheable && !this.def.cacheable(query)) return this.fresh(query, actor);
    return this.bodyOf(canonicalKey(query), query, actor);
  }

  private bodyOf(queryKey: string, query: Q, actor: Actor | null): Promise<CachedResource> | CachedResource {
    const userId = this.perMember ? (actor?.userId ?? null) : null;
    if (this.perMember && !userId) return this.fresh(query, actor);
    const key = userId ? `${userId} ${queryKey}` : queryKey;
    const current = this.gen(userId);
    let v = this.variants.get(key);
    if (v?.value && v.valueGen === current) return v.value;
    if (!v) {
      v = { userId, value: null, valueGen: -1, pending: null, pendingGen: -1 };
      const max = this.perMember ? MAX_MEMBER_VARIANTS : MAX_SHARED_VARIANTS;
      if (this.variants.size >= max) this.variants.delete(this.variants.keys().next().value as string);
      this.variants.set(key, v);
    }
    if (v.pending && v.pendingGen === current) return v.pending;
    const variant = v;
    const build = this.fresh(query, actor).then(
      (body) => {
        if (variant.pendingGen === current) variant.pending = null;
        // A change published while building made this body stale: it answers those who asked before the
        // change, but is not kept.
        if (current === this.gen(userId)) {
          variant.value = body;
          variant.valueGen = current;
        }
        return body;
      },
      (err) => {
        if (variant.pendingGen === current) variant.pending = null;
        throw err;
      },
    );
    v.pending = build;
    v.pendingGen = current;
    return build;
  }

  /**
   * Answers a Fastify request from the cache: the bytes, their ETag, or 304 when the client has them.
   * Member reads answer for the signed-in caller (the route's access has already required one).
   */
  async reply(req: FastifyRequest, reply: FastifyReply, query: Q = (req.query ?? {}) as Q) {
    const actor = this.audience === 'each-member' ? await req.getActor() : null;
    const body = await this.body(query, actor);
    for (const [k, v] of Object.entries(this.headers)) reply.header(k, v);
    reply.header('etag', body.etag);
    if (req.headers['if-none-match'] === body.etag) return reply.code(304).send();
    reply.header('content-type', 'application/json; charset=utf-8');
    return reply.send(body.json);
  }

  /**
   * For the fast path, before routing: the cached body for a raw request, or null to let the route
   * answer (a session cookie on a read for visitors, no cached session on a member read, a query the
   * schema refuses, repeated parameters, a variant not cached).
   */
  resolve(
    req: http.IncomingMessage,
    search: string,
    peekActor: (req: http.IncomingMessage) => Actor | null,
  ): Promise<CachedResource> | CachedResource | null {
    let actor: Actor | null = null;
    if (this.audience === 'anonymous') {
      if (carriesSessionCookie(req.headers.cookie)) return null;
    } else if (this.audience !== 'everyone') {
      actor = peekActor(req);
      if (!actor) return null;
    }
    const parsed = this.parseSearch(search);
    if (!parsed) return null;
    return this.bodyOf(parsed.key, parsed.query, actor);
  }

  private parseSearch(search: string) {
    const known = this.parsedSearch.get(search);
    if (known !== undefined) return known;
    let out: { key: string; query: Q } | null = null;
    const raw: Record<string, string> = {};
    let repeated = false;
    for (const [k, v] of new URLSearchParams(search)) {
      if (k in raw) repeated = true;
      raw[k] = v;
    }
    if (!repeated && (this.def.query || Object.keys(raw).length === 0)) {
      const result = this.def.query
        ? this.def.query.safeParse(raw)
        : { success: true as const, data: {} as Q };
      if (result.success && (!this.def.cacheable || this.def.cacheable(result.data))) {
        out = { key: canonicalKey(result.data), query: result.data };
      }
    }
    if (this.parsedSearch.size >= MAX_SHARED_VARIANTS * 4) this.parsedSearch.clear();
    this.parsedSearch.set(search, out);
    return out;
  }
}

/**
 * The registry: one per app. It listens to the bus and invalidates each read on the event types it
 * names; the fast path asks it for the reads it can answer before routing.
 */
export class PublicReads {
  private readonly byUrl = new Map<string, PublicRead<unknown>>();
  private readonly byEvent = new Map<string, { read: PublicRead<unknown>; everyMember: boolean }[]>();

  constructor(
    realtime: Pick<RealtimeHub, 'onEvent'>,
    /** Called for each registered read: the app answers it before routing (see FastPaths). */
    private readonly onRegister: (url: string, read: PublicRead<unknown>) => void = () => {},
  ) {
    realtime.onEvent((e) => this.onEvent(e));
  }

  private onEvent(e: RealtimeEvent) {
    const member = e.topic.startsWith('user:') ? e.topic.slice(5) : undefined;
    for (const { read, everyMember } of this.byEvent.get(e.type) ?? []) {
      read.invalidate(everyMember ? undefined : member);
    }
  }

  register<Q = Record<string, never>>(def: PublicReadDefinition<Q>): PublicRead<Q> {
    if (this.byUrl.has(def.url)) throw new Error(`cached read ${def.url} is registered twice`);
    const read = new PublicRead<Q>(def);
    this.byUrl.set(def.url, read as PublicRead<unknown>);
    for (const inv of def.invalidatedBy) {
      const type = typeof inv === 'string' ? inv : inv.type;
      const list = this.byEvent.get(type) ?? [];
      list.push({ read: read as PublicRead<unknown>, everyMember: typeof inv !== 'string' });
      this.byEvent.set(type, list);
    }
    this.onRegister(def.url, read as PublicRead<unknown>);
    return read;
  }

  get(url: string): PublicRead<unknown> | undefined {
    return this.byUrl.get(url);
  }

  /** Every registered read (tests walk them). */
  all(): PublicRead<unknown>[] {
    return [...this.byUrl.values()];
  }

  /** The event types that invalidate each read (documentation and tests). */
  describe(): Record<string, string[]> {
    return Object.fromEntries(
      [...this.byUrl].map(([url, r]) => [
        url,
        r.def.invalidatedBy.map((i) => (typeof i === 'string' ? i : `${i.type} (every member)`)),
      ]),
    );
  }
}
