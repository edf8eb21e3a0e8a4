import { AppError } from './errors';

/**
 * Fixed-window counters per key (a client address, a user id...), kept in this process.
 * Behind several instances each keeps its own counters, so the effective limit is per instance;
 * that is stated in docs/operations/several-instances.md.
 */
export interface RateLimiter {
  /** Counts one attempt; `allowed` is false once the key has used its allowance in this window. */
  hit(key: string): { allowed: boolean; retryAfterSeconds: number };
  reset(key?: string): void;
}

export function createRateLimiter(opts: { max: number; windowMs: number; now?: () => number }): RateLimiter {
  const now = opts.now ?? Date.now;
  const buckets = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();
  return {
    hit(key) {
      const t = now();
      if (t - lastSweep > opts.windowMs) {
        for (const [k, b] of buckets) if (b.resetAt <= t) buckets.delete(k);
        lastSweep = t;
      }
      let b = buckets.get(key);
      if (!b || b.resetAt <= t) {
        b = { count: 0, resetAt: t + opts.windowMs };
        buckets.set(key, b);
      }
      b.count += 1;
      return {
        allowed: b.count <= opts.max,
        retryAfterSeconds: Math.max(1, Math.ceil((b.resetAt - t) / 1000)),
      };
    },
    reset(key) {
      if (key === undefined) buckets.clear();
      else buckets.delete(key);
    },
  };
}

/** Counts one attempt for `key`; past the limit, a 429 with the given message and Retry-After. */
export function enforceRateLimit(limiter: RateLimiter, key: string, message: string) {
  const hit = limiter.hit(key);
  if (!hit.allowed) {
    throw Object.assign(new AppError('RATE_LIMITED', message), { retryAfterSeconds: hit.retryAfterSeconds });
  }
}
