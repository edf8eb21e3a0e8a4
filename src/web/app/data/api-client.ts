import { ERRORS_TEXTS } from '@shared/texts/common';

/** An error answered by the API (`{error:{code,message,fields?}}`) or a network failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** The message to show for any error thrown by a query or mutation. */
export function errorMessage(e: unknown, fallback: string = ERRORS_TEXTS.internal): string {
  if (isApiError(e) && e.message) return e.message;
  return fallback;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A file sent as the request body itself (not multipart), with its own content type. */
class RawBody {
  constructor(readonly blob: Blob) {}
}

async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  let res: Response;
  const raw = body instanceof RawBody ? body.blob : null;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(raw
          ? { 'Content-Type': raw.type || 'application/octet-stream' }
          : body !== undefined
            ? { 'Content-Type': 'application/json' }
            : {}),
      },
      body: raw ?? (body !== undefined ? JSON.stringify(body) : undefined),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Cannot reach the station right now. Please check your connection.');
  }
  const text = res.status === 204 ? '' : await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) {
    const err = (
      data as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | null
    )?.error;
    throw new ApiError(
      res.status,
      err?.code ?? `HTTP_${res.status}`,
      err?.message ?? ERRORS_TEXTS.internal,
      err?.fields,
    );
  }
  return data as T;
}

/** JSON fetch wrapper for the same-origin API; the session travels in an httpOnly cookie. */
export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
  /** POSTs a file as the raw request body with `Content-Type: <file.type>` (e.g. a profile picture). */
  upload: <T>(path: string, file: Blob) => request<T>('POST', path, new RawBody(file)),
};
