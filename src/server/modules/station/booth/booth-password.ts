import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A web booth's one-time harbor password. The booth's encoder logs in to the harbor with it once, right
 * after the booth opens; the harbor asks the app of the engine's instance, which may not be the instance
 * that opened the booth (docs/operations/several-instances.md#the-web-dj-booth-on-several-instances). So
 * the password proves itself: the streaming account, when it was made and a nonce, signed with a key
 * derived from AUTH_SECRET, which every instance of a station shares. It is good for two minutes either
 * side of when it was made (the encoder logs in within seconds; the margin covers clocks that differ a
 * little between servers) and for that account only; a presenter's browser never sees it.
 */
export const BOOTH_PASSWORD_VALID_MS = 120_000;

const keyOf = (secret: string) =>
  createHmac('sha256', secret).update('onair: web booth harbor login').digest();
const sign = (secret: string, user: string, issued: string, nonce: string) =>
  createHmac('sha256', keyOf(secret)).update(`${user}\n${issued}\n${nonce}`).digest('base64url');

export function makeBoothPassword(secret: string, user: string, now = Date.now()): string {
  const issued = Math.floor(now / 1000).toString(36);
  const nonce = randomBytes(9).toString('base64url');
  return `${issued}.${nonce}.${sign(secret, user, issued, nonce)}`;
}

/** Is this a booth password this station made for `user`, within its two minutes? */
export function isBoothPassword(secret: string, user: string, password: string, now = Date.now()): boolean {
  const parts = password.split('.');
  if (parts.length !== 3) return false;
  const [issued, nonce, mac] = parts;
  const at = Number.parseInt(issued, 36) * 1000;
  if (
    !/^[0-9a-z]{1,10}$/.test(issued) ||
    !Number.isFinite(at) ||
    Math.abs(now - at) > BOOTH_PASSWORD_VALID_MS
  )
    return false;
  const want = Buffer.from(sign(secret, user, issued, nonce));
  const given = Buffer.from(mac);
  return want.length === given.length && timingSafeEqual(want, given);
}
