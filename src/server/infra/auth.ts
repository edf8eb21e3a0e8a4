import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LIMITS } from '../../shared/limits';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { account, session, user, verification } from '../modules/accounts/auth.table';
import type { Mailer } from './mailer';

/** 30-day sessions, extended at most once a day while in use ("refreshed while in use"). */
export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 30;
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;

export interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Called right after better-auth inserts a user: the profile row is created in the same step. */
  onUserCreated: (u: { id: string; email: string; name: string }) => Promise<void>;
  /** Delivers a set-password token (better-auth's password reset flow) to its owner. */
  onSetPasswordToken?: (u: { id: string; email: string; name: string }, token: string) => Promise<void>;
}

/**
 * better-auth: email + password, sessions in the database, httpOnly cookies.
 * Its HTTP handler is not mounted: the app's own routes call `auth.api.*`, so every auth route is a
 * documented Fastify route with the app's own validation and messages.
 */
export function createAuth({ db, config, mailer, log, onUserCreated, onSetPasswordToken }: AuthDeps) {
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
      // Accounts an admin creates get a set-password link through the reset flow (never a password).
      resetPasswordTokenExpiresIn: LIMITS.setPasswordLinkHours * 3600,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user: u, token }) {
        if (!onSetPasswordToken) throw new Error('Set-password links are not delivered in this app');
        await onSetPasswordToken(u, token);
      },
      // The link reached its owner (their mailbox, or from the admin's hand): the address is theirs.
      async onPasswordReset({ user: u }) {
        if (!u.emailVerified) {
          await db.update(user).set({ emailVerified: true, updatedAt: new Date() }).where(eq(user.id, u.id));
        }
      },
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
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    // The app rate-limits login and sign-up itself, per client address (see infra/http/rate-limit.ts).
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
