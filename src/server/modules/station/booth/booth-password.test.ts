import { describe, expect, it } from 'vitest';
import { BOOTH_PASSWORD_VALID_MS, isBoothPassword, makeBoothPassword } from './booth-password';

const SECRET = 'a-station-secret-shared-by-its-instances';
const now = Date.parse('2026-11-27T20:00:00Z');

describe("a web booth's harbor password", () => {
  it('is taken by any instance of the station, for its account, within its two minutes', () => {
    const password = makeBoothPassword(SECRET, 'night-owl', now);
    expect(isBoothPassword(SECRET, 'night-owl', password, now + 5_000)).toBe(true);
    // Another server's clock a little behind.
    expect(isBoothPassword(SECRET, 'night-owl', password, now - 30_000)).toBe(true);
    expect(makeBoothPassword(SECRET, 'night-owl', now)).not.toBe(password);
  });

  it('is refused for another account, another station, once stale, or altered', () => {
    const password = makeBoothPassword(SECRET, 'night-owl', now);
    expect(isBoothPassword(SECRET, 'early-bird', password, now)).toBe(false);
    expect(isBoothPassword('another-station-secret-entirely', 'night-owl', password, now)).toBe(false);
    expect(isBoothPassword(SECRET, 'night-owl', password, now + BOOTH_PASSWORD_VALID_MS + 1_000)).toBe(false);
    const [issued, nonce, mac] = password.split('.');
    expect(isBoothPassword(SECRET, 'night-owl', `${issued}.${nonce}x.${mac}`, now)).toBe(false);
    const later = (Number.parseInt(issued, 36) + 60).toString(36);
    expect(isBoothPassword(SECRET, 'night-owl', `${later}.${nonce}.${mac}`, now)).toBe(false);
    for (const junk of ['', 'secret', 'a.b', 'zzzzzzzzzzzzzzz.b.c', `${issued}.${nonce}.${mac}.extra`])
      expect(isBoothPassword(SECRET, 'night-owl', junk, now)).toBe(false);
  });
});
