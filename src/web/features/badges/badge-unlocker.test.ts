import { describe, expect, it, vi } from 'vitest';
import { createBadgeUnlocker, type UnlockRequest } from './badge-unlocker';

describe('badge unlocker', () => {
  it('asks for each code at most once after it succeeded', async () => {
    const post = vi.fn(async (input: UnlockRequest) => ({ ok: input.badgeCode }));
    const u = createBadgeUnlocker(post, () => undefined);
    expect(await u.unlock('konami_code')).toEqual({ ok: 'konami_code' });
    expect(await u.unlock('konami_code')).toBeNull();
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('does not double a request in flight', async () => {
    let release: (v: string) => void = () => undefined;
    const post = vi.fn(() => new Promise<string>((r) => (release = r)));
    const u = createBadgeUnlocker(post, () => undefined);
    const first = u.unlock('secret_footer');
    expect(await u.unlock('secret_footer')).toBeNull();
    release('done');
    expect(await first).toBe('done');
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('logs a refusal and lets a later check try again', async () => {
    const log = vi.fn();
    const post = vi.fn().mockRejectedValueOnce(new Error('403')).mockResolvedValueOnce('ok');
    const u = createBadgeUnlocker(post, log);
    expect(await u.unlock('long_listener')).toBeNull();
    expect(log).toHaveBeenCalledTimes(1);
    expect(await u.unlock('long_listener')).toBe('ok');
  });

  it('never asks for badges the member already owns, and passes the time zone', async () => {
    const post = vi.fn(async (input: UnlockRequest) => input);
    const u = createBadgeUnlocker(post, () => undefined);
    u.markOwned(['developer_tools']);
    expect(await u.unlock('developer_tools')).toBeNull();
    expect(await u.unlock('night_owl', { timeZone: 'Europe/London' })).toEqual({
      badgeCode: 'night_owl',
      timeZone: 'Europe/London',
    });
  });
});
