import type { z } from 'zod';
import { RadioBackendError } from '../types';
import { ErrorSchema } from './azuracast-schemas';

export interface AzuraCastApiOptions {
  baseUrl: string;
  apiKey?: string;
  /** Per-request time limit (default 10 s). */
  timeoutMs?: number;
}

/**
 * JSON calls to the AzuraCast API with a time limit, the `X-API-Key` header and answers validated by
 * zod. Every failure becomes a RadioBackendError: 'rejected' for a 4xx (with AzuraCast's own message),
 * 'unavailable' for network errors, time-outs, 5xx and unexpected answers.
 */
export class AzuraCastApi {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  private readonly apiKey: string | undefined;

  constructor(options: AzuraCastApiOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.apiKey = options.apiKey || undefined;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  headers(accept = 'application/json'): Record<string, string> {
    return { accept, ...(this.apiKey ? { 'X-API-Key': this.apiKey } : {}) };
  }

  async request<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    schema: S,
    body?: unknown,
  ): Promise<z.output<S>> {
    const what = `${method} ${path}`;
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          ...this.headers(),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw this.networkError(err);
    }
    let raw: string;
    try {
      raw = await res.text();
    } catch (err) {
      throw this.networkError(err);
    }
    const json = parseJson(raw);
    if (!res.ok) throw this.statusError(what, res.status, json, raw);
    if (json === undefined) {
      throw new RadioBackendError(`AzuraCast sent a non-JSON answer to ${what} (HTTP ${res.status})`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
      throw new RadioBackendError(
        `AzuraCast sent an unexpected answer to ${what}: ${issue?.message ?? 'invalid'}${where}`,
      );
    }
    return parsed.data;
  }

  /** A network failure or time-out, as a RadioBackendError('unavailable'). */
  networkError(err: unknown): RadioBackendError {
    if (err instanceof RadioBackendError) return err;
    const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
    if (e?.name === 'TimeoutError') {
      return new RadioBackendError(
        `AzuraCast at ${this.baseUrl} did not answer within ${formatDuration(this.timeoutMs)}`,
      );
    }
    const reason = e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(err);
    return new RadioBackendError(`AzuraCast at ${this.baseUrl} could not be reached (${reason})`);
  }

  private statusError(what: string, status: number, json: unknown, raw: string): RadioBackendError {
    const parsed = ErrorSchema.safeParse(json);
    const message =
      (parsed.success && (parsed.data.message || stripTags(parsed.data.formatted_message))) ||
      stripTags(raw).slice(0, 200) ||
      'no details';
    if (status >= 500) {
      return new RadioBackendError(`AzuraCast failed on ${what} (HTTP ${status}): ${message}`, 'unavailable');
    }
    const hint = status === 401 || status === 403 ? ' Check AZURACAST_API_KEY and its permissions.' : '';
    return new RadioBackendError(`AzuraCast refused ${what} (HTTP ${status}): ${message}${hint}`, 'rejected');
  }
}

function parseJson(raw: string): unknown {
  if (!raw.trim()) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** "10 s", or "250 ms" under a second. */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}

export function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
