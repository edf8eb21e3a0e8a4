import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ACCESS_TEXTS, ERRORS_TEXTS } from '../../../shared/texts/common';

export type ErrorCode =
  | 'VALIDATION'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'EMAIL_NOT_CONFIRMED'
  | 'INVALID_CREDENTIALS'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'BAD_ORIGIN'
  | 'UNAVAILABLE'
  | 'INSUFFICIENT_STORAGE'
  | 'INTERNAL';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_CONFIRMED: 403,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  BAD_ORIGIN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INSUFFICIENT_STORAGE: 507,
  INTERNAL: 500,
};

/** A failure a client can be told about: services throw it, the error handler presents it. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export const notFound = (what: string = ERRORS_TEXTS.notFound) => new AppError('NOT_FOUND', what);
export const forbidden = (msg: string = ACCESS_TEXTS.forbidden) => new AppError('FORBIDDEN', msg);
export const conflict = (msg: string) => new AppError('CONFLICT', msg);
export const badRequest = (msg: string, fields?: Record<string, string>) =>
  new AppError('VALIDATION', msg, fields);

/** Turns zod issues into the first message plus a per-field map (first message per field). */
export function issuesToFields(issues: { path: PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const i of issues) {
    const key = i.path.map(String).join('.') || '_';
    if (!(key in fields)) fields[key] = i.message;
  }
  return { message: issues[0]?.message ?? ERRORS_TEXTS.validation, fields };
}

/** JSON errors `{error:{code,message}}` with the right status; never a stack trace. */
export const errorsPlugin = fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      const retry = (err as AppError & { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retry) reply.header('retry-after', String(retry));
      return reply.status(err.status).send({
        error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) },
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const { message, fields } = issuesToFields(
        err.validation.map((v) => ({
          path: (v.instancePath || '').split('/').filter(Boolean),
          message: v.message ?? ERRORS_TEXTS.validation,
        })),
      );
      return reply.status(400).send({ error: { code: 'VALIDATION', message, fields } });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, cause: err.cause }, 'response did not match its schema');
      return reply.status(500).send({ error: { code: 'INTERNAL', message: ERRORS_TEXTS.internal } });
    }
    const status = err.statusCode ?? 500;
    if (status === 413) {
      const message = req.routeOptions.config?.tooLargeMessage ?? ERRORS_TEXTS.bodyTooLarge;
      return reply.status(413).send({ error: { code: 'PAYLOAD_TOO_LARGE', message } });
    }
    if (status === 415) {
      return reply.status(415).send({
        error: {
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'Send JSON with Content-Type: application/json.',
        },
      });
    }
    if (status === 429) {
      return reply.status(429).send({ error: { code: 'RATE_LIMITED', message: err.message } });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, empty body...): say what was wrong, plainly.
      const message = err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'The request body is empty.' : err.message;
      return reply.status(status).send({ error: { code: 'VALIDATION', message } });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: ERRORS_TEXTS.internal } });
  });

  app.setNotFoundHandler((req, reply) => {
    reply
      .status(404)
      .send({ error: { code: 'NOT_FOUND', message: `No route for ${req.method} ${req.url.split('?')[0]}` } });
  });
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids of uuid rows: anything that is not a uuid names nothing, so it answers 404 like an unknown id. */
export function requireUuid(id: string, what: string) {
  if (!UUID.test(id)) throw notFound(what);
}

/** The PostgreSQL error code (e.g. 23505 unique, 23P01 exclusion) of a failed query, through any wrapping. */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}
