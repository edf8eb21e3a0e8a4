import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type http from 'node:http';
import { DISCORD_LIMITS } from '../../../shared/contracts/discord';
import { type RecordedRequest, sendJson, startFakeHttpServer } from './fake-http';

/**
 * A fake Discord API for tests and benchmarks; use `${fake.url}/api/v10` as DISCORD_API_URL.
 *
 *   POST /api/v10/webhooks/{id}/{token}[?wait=true]   Execute Webhook, with Discord's answers:
 *       unknown id → 404 {"message":"Unknown Webhook","code":10015}; wrong token → 401
 *       {"message":"Invalid Webhook Token","code":50027}; empty → 400 {"message":"Cannot send an empty
 *       message","code":50006}; a limit broken → 400 {"message":"Invalid Form Body","code":50035,"errors":…};
 *       over the bucket → 429 {"message":"You are being rate limited.","retry_after":s,"global":false} with
 *       Retry-After and X-RateLimit-*; accepted → 200 with the message object (wait=true) or 204.
 *       Every answer carries X-RateLimit-Limit/-Remaining/-Reset/-Reset-After/-Bucket.
 *   PUT /api/v10/applications/{id}/commands   `Authorization: Bot <token>` → 200 with the commands.
 *
 *   const d = await startFakeDiscord();  const hook = d.createWebhook();  // hook.url is a discord.com URL
 *   d.messages (accepted payloads), d.chaos({ rate429: 0.1, rate500: 0.1 }), d.violations (requests that
 *   came before a 429's retry_after was over), d.failNext(503), d.deleteWebhook(id)
 */

export interface FakeWebhook {
  id: string;
  token: string;
  /** The URL an admin pastes (Discord's host); the app reaches the fake through DISCORD_API_URL. */
  url: string;
}

export interface AcceptedMessage {
  id: string;
  webhookId: string;
  payload: Record<string, unknown>;
  at: number;
}

/** Discord's documented limits (the same numbers the app enforces). */
const LIMITS = { ...DISCORD_LIMITS, total: DISCORD_LIMITS.embedsTotal };

let sequence = 0n;
const snowflake = () => String(((BigInt(Date.now()) - 1420070400000n) << 22n) | (sequence++ & 0xfffn));

type Embed = {
  title?: string;
  description?: string;
  fields?: { name?: string; value?: string }[];
  footer?: { text?: string };
  author?: { name?: string };
};

/** Discord's form-body errors for a payload breaking its limits, or null when it is within them. */
export function formErrors(p: { content?: string; embeds?: Embed[] }): Record<string, unknown> | null {
  const errors: Record<string, unknown> = {};
  const tooLong = (max: number) => ({
    _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${max} or fewer in length.` }],
  });
  if ((p.content ?? '').length > LIMITS.content) errors.content = tooLong(LIMITS.content);
  const embeds = p.embeds ?? [];
  if (embeds.length > LIMITS.embeds) errors.embeds = tooLong(LIMITS.embeds);
  let total = 0;
  embeds.forEach((e, i) => {
    const err: Record<string, unknown> = {};
    const check = (key: string, value: string | undefined, max: number) => {
      total += value?.length ?? 0;
      if ((value?.length ?? 0) > max) err[key] = tooLong(max);
    };
    check('title', e.title, LIMITS.title);
    check('description', e.description, LIMITS.description);
    if (e.footer) check('footer', e.footer.text, LIMITS.footer);
    if (e.author) check('author', e.author.name, LIMITS.author);
    if ((e.fields?.length ?? 0) > LIMITS.fields) err.fields = tooLong(LIMITS.fields);
    (e.fields ?? []).forEach((f, j) => {
      total += (f.name?.length ?? 0) + (f.value?.length ?? 0);
      if ((f.name?.length ?? 0) > LIMITS.fieldName || (f.value?.length ?? 0) > LIMITS.fieldValue) {
        err[`fields.${j}`] = tooLong(LIMITS.fieldValue);
      }
    });
    if (Object.keys(err).length > 0) errors[`embeds.${i}`] = err;
  });
  if (total > LIMITS.total) {
    errors.embeds = {
      _errors: [{ code: 'MAX_EMBED_SIZE_EXCEEDED', message: 'Embed size exceeds maximum size of 6000' }],
    };
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

export interface FakeDiscordOptions {
  /** Requests a webhook's bucket allows per window (Discord's webhooks: 5 per 2 s). */
  bucketLimit?: number;
  bucketWindowMs?: number;
  botToken?: string;
  /** A fixed port (end-to-end tests start the fake as its own process); default a free one. */
  port?: number;
  /** Also answer `GET /_fake/state` and `POST /_fake/webhooks`, for a test in another process. */
  control?: boolean;
}

export type FakeDiscord = Awaited<ReturnType<typeof startFakeDiscord>>;

export async function startFakeDiscord(options: FakeDiscordOptions = {}) {
  const limit = options.bucketLimit ?? 5;
  const windowMs = options.bucketWindowMs ?? 2000;
  const hooks = new Map<string, FakeWebhook>();
  const messages: AcceptedMessage[] = [];
  const buckets = new Map<string, { count: number; resetAt: number }>();
  /** Until when each webhook was told (by a 429) to wait. */
  const blockedUntil = new Map<string, number>();
  const violations: { webhookId: string; early: number }[] = [];
  const rateLimited: { webhookId: string; at: number; retryAfter: number }[] = [];
  const served = { ok: 0, 400: 0, 404: 0, 429: 0, 500: 0 };
  let chaos = { rate429: 0, rate500: 0 };
  const failQueue: number[] = [];
  const commands: unknown[] = [];

  const rateHeaders = (id: string, now: number) => {
    const b = buckets.get(id) ?? { count: 0, resetAt: now + windowMs };
    const resetAfter = Math.max(0, (b.resetAt - now) / 1000);
    return {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(Math.max(0, limit - b.count)),
      'x-ratelimit-reset': ((now + resetAfter * 1000) / 1000).toFixed(3),
      'x-ratelimit-reset-after': resetAfter.toFixed(3),
      'x-ratelimit-bucket': `webhook-${id}`,
    };
  };

  const tooMany = (res: http.ServerResponse, id: string, now: number, retryAfter: number) => {
    blockedUntil.set(id, Math.max(blockedUntil.get(id) ?? 0, now + retryAfter * 1000));
    rateLimited.push({ webhookId: id, at: now, retryAfter });
    served[429] += 1;
    sendJson(
      res,
      429,
      { message: 'You are being rate limited.', retry_after: retryAfter, global: false },
      { ...rateHeaders(id, now), 'retry-after': String(Math.ceil(retryAfter)), 'x-ratelimit-scope': 'user' },
    );
  };

  const executeWebhook = (req: RecordedRequest, res: http.ServerResponse, id: string, token: string) => {
    const now = Date.now();
    const hook = hooks.get(id);
    if (!hook) return sendJson(res, 404, { message: 'Unknown Webhook', code: 10015 });
    if (hook.token !== token) return sendJson(res, 401, { message: 'Invalid Webhook Token', code: 50027 });
    const until = blockedUntil.get(id) ?? 0;
    if (now < until) violations.push({ webhookId: id, early: until - now });

    const failing = failQueue.shift();
    if (failing) {
      served[500] += 1;
      return sendJson(res, failing, { message: '500: Internal Server Error', code: 0 });
    }
    if (Math.random() < chaos.rate500) {
      served[500] += 1;
      return sendJson(res, 500, { message: '500: Internal Server Error', code: 0 });
    }
    if (Math.random() < chaos.rate429)
      return tooMany(res, id, now, Number((0.2 + Math.random() * 1.3).toFixed(3)));

    let b = buckets.get(id);
    if (!b || b.resetAt <= now) {
      b = { count: 0, resetAt: now + windowMs };
      buckets.set(id, b);
    }
    if (b.count >= limit) return tooMany(res, id, now, Number(((b.resetAt - now) / 1000).toFixed(3)));
    b.count += 1;

    let payload: { content?: string; embeds?: Embed[] };
    try {
      payload = JSON.parse(req.body);
    } catch {
      served[400] += 1;
      return sendJson(res, 400, { message: 'The request body contains invalid JSON.', code: 50109 });
    }
    if (!payload.content && !(payload.embeds ?? []).length) {
      served[400] += 1;
      return sendJson(
        res,
        400,
        { message: 'Cannot send an empty message', code: 50006 },
        rateHeaders(id, now),
      );
    }
    const errors = formErrors(payload);
    if (errors) {
      served[400] += 1;
      return sendJson(res, 400, { message: 'Invalid Form Body', code: 50035, errors }, rateHeaders(id, now));
    }
    const messageId = snowflake();
    messages.push({ id: messageId, webhookId: id, payload: payload as Record<string, unknown>, at: now });
    served.ok += 1;
    if (req.query.get('wait') !== 'true') {
      res.writeHead(204, rateHeaders(id, now));
      return res.end();
    }
    sendJson(
      res,
      200,
      {
        id: messageId,
        type: 0,
        content: payload.content ?? '',
        channel_id: '1100000000000000001',
        author: { bot: true, id, username: 'Station Webhook', avatar: null, discriminator: '0000' },
        attachments: [],
        embeds: payload.embeds ?? [],
        mentions: [],
        mention_roles: [],
        pinned: false,
        mention_everyone: false,
        tts: false,
        timestamp: new Date(now).toISOString(),
        edited_timestamp: null,
        flags: 0,
        components: [],
        webhook_id: id,
      },
      rateHeaders(id, now),
    );
  };

  const server = await startFakeHttpServer(
    (req, res) => {
      if (options.control && req.path === '/_fake/state')
        return sendJson(res, 200, { messages, violations, served });
      if (options.control && req.path === '/_fake/webhooks' && req.method === 'POST')
        return sendJson(res, 201, createWebhook());
      // Discord down (every webhook request 500s) or back: `{ "rate500": 1 }` / `{}`.
      if (options.control && req.path === '/_fake/chaos' && req.method === 'POST') {
        const next = JSON.parse(req.body || '{}') as { rate429?: number; rate500?: number };
        chaos = { rate429: next.rate429 ?? 0, rate500: next.rate500 ?? 0 };
        return sendJson(res, 200, chaos);
      }
      const hook = /^\/api(?:\/v\d+)?\/webhooks\/(\d+)\/([\w-]+)\/?$/.exec(req.path);
      if (hook && req.method === 'POST') return executeWebhook(req, res, hook[1], hook[2]);
      const cmds = /^\/api(?:\/v\d+)?\/applications\/(\d+)\/commands$/.exec(req.path);
      if (cmds && req.method === 'PUT') {
        if (req.headers.authorization !== `Bot ${options.botToken ?? 'test-bot-token'}`) {
          return sendJson(res, 401, { message: '401: Unauthorized', code: 0 });
        }
        const list = JSON.parse(req.body || '[]') as unknown[];
        commands.splice(0, commands.length, ...list);
        return sendJson(res, 200, list);
      }
      sendJson(res, 404, { message: '404: Not Found', code: 0 });
    },
    { port: options.port },
  );

  function createWebhook(): FakeWebhook {
    const id = String(1_200_000_000_000_000_000n + BigInt(hooks.size + 1));
    const token = randomBytes(34).toString('base64url');
    const hook = { id, token, url: `https://discord.com/api/webhooks/${id}/${token}` };
    hooks.set(id, hook);
    return hook;
  }

  return {
    url: server.url,
    apiUrl: `${server.url}/api/v10`,
    requests: server.requests,
    messages,
    violations,
    rateLimited,
    served,
    commands,
    /** A webhook Discord knows, with a discord.com URL as an admin would paste it. */
    createWebhook,
    deleteWebhook(id: string) {
      hooks.delete(id);
    },
    chaos(next: { rate429?: number; rate500?: number }) {
      chaos = { rate429: next.rate429 ?? 0, rate500: next.rate500 ?? 0 };
    },
    /** The next requests answer these statuses (e.g. 500, 502), one each. */
    failNext(...statuses: number[]) {
      failQueue.push(...statuses);
    },
    /** Answers the next request with a 429 of this many seconds. */
    rateLimitNext(webhookId: string, retryAfterSeconds: number) {
      const b = buckets.get(webhookId) ?? { count: 0, resetAt: 0 };
      b.count = limit;
      b.resetAt = Date.now() + retryAfterSeconds * 1000;
      buckets.set(webhookId, b);
    },
    close: () => server.close(),
  };
}

/** A Discord application (its id and key pair): interactions signed the way Discord signs them. */
export function createInteractionSigner() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string };
  const publicKeyHex = Buffer.from(jwk.x, 'base64url').toString('hex');
  return {
    publicKeyHex,
    /** The application the interactions are addressed to. */
    applicationId: '1234567890123456789',
    /** The app's environment to take this application's interactions. */
    get appEnv() {
      return { DISCORD_PUBLIC_KEY: publicKeyHex, DISCORD_APPLICATION_ID: this.applicationId };
    },
    /** Headers for a body, signed now (or at `timestamp`). */
    sign(body: string, timestamp = String(Math.floor(Date.now() / 1000))) {
      const signature = sign(null, Buffer.from(timestamp + body), privateKey).toString('hex');
      return {
        'x-signature-ed25519': signature,
        'x-signature-timestamp': timestamp,
        'content-type': 'application/json',
      };
    },
  };
}

/** A /link slash-command interaction as Discord sends it from a server channel. */
export function linkInteraction(
  user: { id: string; username: string; globalName?: string },
  applicationId: string,
) {
  return {
    id: snowflake(),
    application_id: applicationId,
    type: 2,
    token: randomBytes(20).toString('hex'),
    version: 1,
    guild_id: '1100000000000000002',
    channel_id: '1100000000000000001',
    locale: 'en-GB',
    app_permissions: '0',
    entitlements: [],
    authorizing_integration_owners: {},
    context: 0,
    data: { id: '1100000000000000003', name: 'link', type: 1 },
    member: {
      user: {
        id: user.id,
        username: user.username,
        global_name: user.globalName ?? null,
        discriminator: '0',
        avatar: null,
      },
      roles: [],
      joined_at: new Date().toISOString(),
      deaf: false,
      mute: false,
      flags: 0,
      permissions: '0',
    },
  };
}
