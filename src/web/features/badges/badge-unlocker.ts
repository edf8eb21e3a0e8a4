import type { BadgeCode } from '@shared/contracts/badges';

export interface UnlockRequest {
  badgeCode: BadgeCode;
  timeZone?: string;
}

/**
 * Asks the server to unlock badges, each code at most once per session: a code that succeeded (or
 * that the member already owns) is never sent again, and one already in flight is not doubled.
 * A refusal (403, not earned yet) or a rate limit (429) leaves the code free for a later check.
 * Errors are logged only, never shown.
 */
export function createBadgeUnlocker<R>(
  post: (input: UnlockRequest) => Promise<R>,
  log: (...args: unknown[]) => void = console.warn,
) {
  const done = new Set<BadgeCode>();
  const pending = new Set<BadgeCode>();
  return {
    /** Codes the member already holds (from their badge list): never asked for again. */
    markOwned(codes: Iterable<string>) {
      for (const c of codes) done.add(c as BadgeCode);
    },
    isDone: (code: BadgeCode) => done.has(code),
    async unlock(code: BadgeCode, extra: Omit<UnlockRequest, 'badgeCode'> = {}): Promise<R | null> {
      if (done.has(code) || pending.has(code)) return null;
      pending.add(code);
      try {
        const result = await post({ badgeCode: code, ...extra });
        done.add(code);
        return result;
      } catch (err) {
        log(`Badge unlock failed (${code})`, err);
        return null;
      } finally {
        pending.delete(code);
      }
    },
  };
}

export type BadgeUnlocker<R> = ReturnType<typeof createBadgeUnlocker<R>>;
