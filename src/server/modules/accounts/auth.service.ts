import type { LoginInput, SignUpInput } from '../../../shared/contracts/accounts';
import { AUTH_TEXTS } from '../../../shared/texts/accounts';
import { ERRORS_TEXTS } from '../../../shared/texts/common';
import type { AppContext } from '../../context';
import { AppError } from '../../infra/http/errors';
import { getProfile, loadActor } from './accounts.service';

interface BetterAuthError {
  statusCode?: number;
  status?: string | number;
  body?: { code?: string; message?: string };
  message?: string;
}

function authErrorCode(err: unknown): string | undefined {
  const e = err as BetterAuthError;
  return e?.body?.code;
}

/** Creates the account and its profile, signs the new member in. */
export async function signUp(ctx: Pick<AppContext, 'auth' | 'db'>, input: SignUpInput, headers: Headers) {
  try {
    const { headers: out, response } = await ctx.auth.api.signUpEmail({
      body: { name: input.fullName, email: input.email.toLowerCase(), password: input.password },
      headers,
      returnHeaders: true,
    });
    const profile = await getProfile(ctx.db, response.user.id);
    const firstUserIsAdmin = profile?.role === 'admin';
    const actor =
      response.token === null
        ? null
        : await loadActor(ctx.db, {
            userId: response.user.id,
            sessionId: '',
            email: response.user.email,
            name: response.user.name,
          });
    return { setCookies: out.getSetCookie(), actor, firstUserIsAdmin };
  } catch (err) {
    const code = authErrorCode(err);
    if (code === 'USER_ALREADY_EXISTS' || code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
      throw new AppError('CONFLICT', AUTH_TEXTS.emailTaken);
    }
    if (code === 'PASSWORD_TOO_SHORT') throw new AppError('VALIDATION', AUTH_TEXTS.passwordTooShort);
    if (code === 'INVALID_EMAIL') throw new AppError('VALIDATION', AUTH_TEXTS.emailInvalid);
    const e = err as BetterAuthError;
    if (e?.body?.message && typeof e.statusCode === 'number' && e.statusCode < 500) {
      // Any other refusal from the provider is shown as received.
      throw new AppError('VALIDATION', e.body.message);
    }
    throw err;
  }
}

export async function logIn(ctx: Pick<AppContext, 'auth' | 'db'>, input: LoginInput, headers: Headers) {
  try {
    const { headers: out, response } = await ctx.auth.api.signInEmail({
      body: { email: input.email.toLowerCase(), password: input.password, rememberMe: true },
      headers,
      returnHeaders: true,
    });
    const actor = await loadActor(ctx.db, {
      userId: response.user.id,
      sessionId: '',
      email: response.user.email,
      name: response.user.name,
    });
    if (!actor) throw new AppError('INTERNAL', ERRORS_TEXTS.internal);
    return { setCookies: out.getSetCookie(), actor };
  } catch (err) {
    const code = authErrorCode(err);
    if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'INVALID_PASSWORD' || code === 'USER_NOT_FOUND') {
      throw new AppError('INVALID_CREDENTIALS', AUTH_TEXTS.invalidCredentials);
    }
    if (code === 'EMAIL_NOT_VERIFIED')
      throw new AppError('EMAIL_NOT_CONFIRMED', AUTH_TEXTS.emailNotConfirmed);
    if (code === 'INVALID_EMAIL') throw new AppError('VALIDATION', AUTH_TEXTS.emailInvalid);
    throw err;
  }
}

export async function logOut(ctx: Pick<AppContext, 'auth'>, headers: Headers) {
  try {
    const { headers: out } = await ctx.auth.api.signOut({ headers, returnHeaders: true });
    return out.getSetCookie();
  } catch {
    // No session to end: still clear the cookie so the browser forgets it.
    return ['onair.session_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax'];
  }
}

/** Confirms an email from the link sent at sign-up; signs the member in. */
export async function verifyEmail(ctx: Pick<AppContext, 'auth'>, token: string, headers: Headers) {
  try {
    const { headers: out } = await ctx.auth.api.verifyEmail({
      query: { token },
      headers,
      returnHeaders: true,
    });
    return { ok: true as const, setCookies: out.getSetCookie() };
  } catch {
    return { ok: false as const, setCookies: [] };
  }
}
