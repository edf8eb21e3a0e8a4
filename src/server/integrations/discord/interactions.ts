import { createPublicKey, type KeyObject, verify } from 'node:crypto';

/** How old a signed interaction may be (a replayed request older than this is refused). */
const MAX_AGE_SECONDS = 5 * 60;

/** The application's public key (hex, as Discord shows it) as a Node key object. */
export function discordPublicKey(hex: string): KeyObject {
  const x = Buffer.from(hex, 'hex').toString('base64url');
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
}

/**
 * Discord signs every interaction: Ed25519 over `X-Signature-Timestamp` + the raw body, the signature in
 * `X-Signature-Ed25519` (hex). Anything malformed is simply not verified.
 */
export function verifyInteraction(
  key: KeyObject,
  signatureHex: string | undefined,
  timestamp: string | undefined,
  rawBody: Buffer,
  nowSeconds = Date.now() / 1000,
): boolean {
  if (
    !signatureHex ||
    !timestamp ||
    !/^[0-9a-f]{128}$/i.test(signatureHex) ||
    !/^\d{1,12}$/.test(timestamp)
  ) {
    return false;
  }
  if (Math.abs(nowSeconds - Number(timestamp)) > MAX_AGE_SECONDS) return false;
  try {
    return verify(
      null,
      Buffer.concat([Buffer.from(timestamp), rawBody]),
      key,
      Buffer.from(signatureHex, 'hex'),
    );
  } catch {
    return false;
  }
}
