import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { FastifyBaseLogger } from 'fastify';
import { LIMITS } from '../../shared/limits';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { account, session, user, verification } from '../modules/accounts/auth.table';
import type { Mailer } from './mailer';

export interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Called right after better-auth inserts a user: the profile row is created in the same step. */
  onUserCreated: (u: { id: string; email: string; name: string }) => Promise<void>;
}

/**
 * better-auth: email + password, sessions in the database, httpOnly cookies.
 * Its HTTP handler is not mounted: the app's own routes call `auth.api.*`, so every auth route is a
 * documented Fastify route with the spec's validation and messages.
 */
export function createAuth({ db, config, mailer, log, onUserCreated }: AuthDeps) {
  return betterAuth({
    appName: config.SITE_TITLE,
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: LIMITS.passwordMinLength,
      maxPasswordLength: LIMITS.passwordMax,
      requireEmailVerification: config.REQUIRE_EMAIL_CONFIRMATION,
      autoSignIn: true,
    },
    emailVerification: {
      sendOnSignUp: config.REQUIRE_EMAIL_CONFIRMATION,
      sendOnSignIn: config.REQUIRE_EMAIL_CONFIRMATION,
      autoSignInAfterVerification: true,
      async sendVerificationEmail({ user: u, url }) {
        await mailer.send({
          to: u.email,
          subject: `Confirm your email for ${config.SITE_TITLE}`,
          text: `Welcome to ${config.SITE_TITLE}!\n\nConfirm your email address by opening this link:\n${url}\n`,
        });
      },
    },
    session: {
      // 30-day sessions, extended once a day while in use ("refreshed while in use").
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    // The app rate-limits login and sign-up itself, per client address (see infra/rate-limit.ts).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'onair',
      useSecureCookies: config.baseUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
    },
    logger: {
      log: (level, message, ...args) => {
        const l = level === 'error' || level === 'warn' ? level : level === 'debug' ? 'debug' : 'info';
        log[l]({ args }, `auth: ${message}`);
      },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (u) => {
            await onUserCreated({ id: u.id, email: u.email, name: u.name });
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
