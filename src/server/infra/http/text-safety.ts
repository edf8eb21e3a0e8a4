import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERRORS_TEXTS } from '../../../shared/texts/common';
import { badRequest } from './errors';

/** NUL, or a UTF-16 surrogate without its pair: text that PostgreSQL refuses to store (text or jsonb). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this refuses.
const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Does this value (any JSON: strings, object keys, nested arrays and objects) hold such text? */
export function hasUnsafeText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSAFE.test(value);
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return false; // raw uploads are bytes, not text
  if (Array.isArray(value)) return value.some((v) => hasUnsafeText(v, depth + 1));
  for (const [k, v] of Object.entries(value)) {
    if (UNSAFE.test(k) || hasUnsafeText(v, depth + 1)) return true;
  }
  return false;
}

/** The top-level field of a body (or query/params object) that holds such text, to name it in the 400. */
function unsafeField(value: unknown): string | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || Buffer.isBuffer(value))
    return null;
  for (const [k, v] of Object.entries(value)) {
    if (UNSAFE.test(k) || hasUnsafeText(v, 1)) return UNSAFE.test(k) ? 'body' : k;
  }
  return null;
}

/**
 * The one place that refuses such text, for every route: any JSON body, query string or path parameter
 * holding NUL or a lone surrogate gets a 400 before the route's schema or service sees it (so no string
 * field anywhere can reach the database with it and answer a 500).
 */
export const textSafetyPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (req) => {
      for (const part of [req.params, req.query, req.body]) {
        if (!hasUnsafeText(part)) continue;
        const field = unsafeField(part);
        throw badRequest(ERRORS_TEXTS.unsafeText, field ? { [field]: ERRORS_TEXTS.unsafeText } : undefined);
      }
    });
  },
  { name: 'text-safety' },
);
