import type {
  RESTPostAPIWebhookWithTokenJSONBody,
  RESTPostAPIWebhookWithTokenWaitResult,
} from 'discord-api-types/v10';

/** What Discord answered to one webhook execute. */
export type ExecuteResult =
  | { kind: 'sent'; messageId: string; remaining: number | null; resetAfterMs: number | null }
  | { kind: 'rate-limited'; retryAfterMs: number; global: boolean; status: 429; body: string }
  /** 4xx other than 429: Discord refused this message (400: a limit broken) or the webhook (401, 403, 404). */
  | { kind: 'rejected'; status: number; body: string }
  /** 5xx, a network failure or a timeout: worth retrying later. */
  | { kind: 'unavailable'; status: number | null; body: string };

const TIMEOUT_MS = 10_000;

const num = (v: string | null) => (v === null || v === '' || Number.isNaN(Number(v)) ? null : Number(v));

/**
 * Executes a Discord webhook. The host is always the configured API base (`DISCORD_API_URL`): a saved
 * webhook URL only contributes its numeric id and token, so this can never reach another server. The URL
 * (a secret) is never put into an error or a log line.
 */
export async function executeWebhook(
  apiUrl: string,
  webhook: { id: string; token: string },
  payload: RESTPostAPIWebhookWithTokenJSONBody,
  fetchImpl: typeof fetch = fetch,
): Promise<ExecuteResult> {
  const url = `${apiUrl.replace(/\/$/, '')}/webhooks/${webhook.id}/${webhook.token}?wait=true`;
  let res: Response;
  try {
    res = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'OnAir (radio station site, 1.0)' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return {
      kind: 'unavailable',
      status: null,
      body: timeout ? 'Discord did not answer in time' : 'Discord could not be reached',
    };
  }
  const body = await res.text().catch(() => '');
  if (res.ok) {
    let messageId = '';
    try {
      messageId = (JSON.parse(body) as RESTPostAPIWebhookWithTokenWaitResult).id ?? '';
    } catch {
      /* an answer without a body still means the message was accepted */
    }
    const reset = num(res.headers.get('x-ratelimit-reset-after'));
    return {
      kind: 'sent',
      messageId,
      remaining: num(res.headers.get('x-ratelimit-remaining')),
      resetAfterMs: reset === null ? null : Math.ceil(reset * 1000),
    };
  }
  if (res.status === 429) {
    let retryAfter = num(res.headers.get('retry-after')) ?? 1;
    let global = res.headers.get('x-ratelimit-global') === 'true';
    try {
      const parsed = JSON.parse(body) as { retry_after?: number; global?: boolean };
      if (typeof parsed.retry_after === 'number') retryAfter = parsed.retry_after;
      if (parsed.global) global = true;
    } catch {
      /* Cloudflare's HTML 429: keep the header's value */
    }
    return { kind: 'rate-limited', retryAfterMs: Math.ceil(retryAfter * 1000), global, status: 429, body };
  }
  if (res.status >= 500) return { kind: 'unavailable', status: res.status, body: body.slice(0, 500) };
  return { kind: 'rejected', status: res.status, body: body.slice(0, 1000) };
}
