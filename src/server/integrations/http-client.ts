/** Small pieces shared by the clients of outside services (Spotify, Twitch…). */

/** A response body as JSON, or undefined when it is empty or not JSON. */
export async function readJson(res: Response): Promise<unknown> {
  try {
    return JSON.parse(await res.text());
  } catch {
    return undefined;
  }
}

/**
 * fetch with a time limit and a JSON Accept header. A network failure or a timeout throws
 * `onUnreachable(reason)` (the caller's own error), with a short reason such as 'ECONNREFUSED'.
 */
export async function fetchWithTimeout(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  onUnreachable: (reason: string) => Error,
): Promise<Response> {
  try {
    return await fetch(url, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const e = err as { name?: string; message?: string; cause?: { code?: string } };
    const reason = e?.name === 'TimeoutError' ? 'no answer in time' : (e?.cause?.code ?? e?.message ?? '');
    throw onUnreachable(reason);
  }
}

/** When a client-credentials token should be renewed: a minute before it expires (half-way if short). */
export function tokenValidUntil(now: number, expiresInSeconds: number): number {
  const ttlMs = expiresInSeconds * 1000;
  return now + ttlMs - Math.min(60_000, ttlMs / 2);
}
