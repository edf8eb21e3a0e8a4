import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq } from 'drizzle-orm';
import type { CreateUserResult, SetPasswordInput, SetPasswordLink } from '../../../shared/contracts/accounts';
import { LIMITS } from '../../../shared/limits';
import type { ProfileRole } from '../../../shared/permissions';
import { AUTH_TEXTS } from '../../../shared/texts/accounts';
import { ADMIN_TEXTS } from '../../../shared/texts/admin';
import type { AppContext } from '../../context';
import { AppError, conflict, notFound } from '../../infra/http/errors';
import type { Mailer } from '../../infra/mailer';
import type { StaffActor } from '../audit/audit.service';
import { changeUserRole, getProfile, getUserListItem, memberPromoted } from './accounts.service';
import { logIn } from './auth.service';
import { account, user } from './auth.table';

type Ctx = Pick<AppContext, 'db' | 'auth' | 'config' | 'realtime' | 'log' | 'events'>;

/**
 * Where a set-password link goes. With mail configured (SMTP_URL) it is mailed to the member; without
 * mail, the admin who asked for it receives it once, in the answer to their request, to hand over. The
 * request in progress holds a slot here (AsyncLocalStorage) that the delivery fills.
 */
interface LinkSlot {
  url?: string;
  mailed?: boolean;
  mailFailed?: boolean;
}
const linkSlot = new AsyncLocalStorage<LinkSlot>();

export const setPasswordUrl = (baseUrl: string, token: string) =>
  `${baseUrl}/set-password?token=${encodeURIComponent(token)}`;

/** better-auth calls this with a fresh reset token (see infra/auth.ts `sendResetPassword`). */
export function makeSetPasswordDelivery(deps: {
  config: AppContext['config'];
  mailer: Mailer;
  log: AppContext['log'];
}) {
  return async (u: { email: string; name: string }, token: string) => {
    const url = setPasswordUrl(deps.config.baseUrl, token);
    const slot = linkSlot.getStore();
    if (deps.config.SMTP_URL) {
      try {
        await deps.mailer.send({
          to: u.email,
          subject: `Your account on ${deps.config.SITE_TITLE}`,
          text:
            `Hello${u.name ? ` ${u.name}` : ''},\n\nAn account on ${deps.config.SITE_TITLE} was made for you. ` +
            `Choose your password here (the link works for ${LIMITS.setPasswordLinkHours} hours):\n${url}\n`,
        });
        if (slot) slot.mailed = true;
        return;
      } catch (err) {
        deps.log.warn({ err }, 'the set-password mail could not be sent; the admin receives the link');
        if (slot) slot.mailFailed = true;
      }
    }
    if (!slot) throw new Error('No one to hand the set-password link to');
    slot.url = url;
  };
}

/** Asks better-auth for a reset token for this address and reports how its link was delivered. */
async function issueSetPasswordLink(ctx: Pick<AppContext, 'auth'>, email: string): Promise<SetPasswordLink> {
  const slot: LinkSlot = {};
  const expiresAt = new Date(Date.now() + LIMITS.setPasswordLinkHours * 3_600_000).toISOString();
  await linkSlot.run(slot, () => ctx.auth.api.requestPasswordReset({ body: { email } }));
  if (slot.mailed) return { delivery: 'email', url: null, expiresAt, mailFailed: false };
  if (!slot.url)
    throw new AppError('UNAVAILABLE', 'The set-password link could not be made. Please try again.');
  return { delivery: 'admin', url: slot.url, expiresAt, mailFailed: slot.mailFailed === true };
}

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23505' ||
  (err as { cause?: { code?: string } })?.cause?.code === '23505';

/**
 * The admin user form: an account with no password, its profile (and role), and a set-password link for
 * the new member. A presenter also gets a streaming account; its failure never undoes the account.
 */
export async function createUserByAdmin(
  ctx: Ctx,
  input: { email: string; fullName?: string; role: ProfileRole },
  actor: StaffActor = { system: 'Admin user form' },
): Promise<CreateUserResult> {
  const email = input.email.toLowerCase();
  const [taken] = await ctx.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (taken) throw conflict(ADMIN_TEXTS.emailTaken);
  const internal = (await ctx.auth.$context).internalAdapter;
  let id: string;
  try {
    ({ id } = await internal.createUser(
      { email, name: input.fullName ?? '', emailVerified: false },
      { method: 'admin' },
    ));
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ADMIN_TEXTS.emailTaken);
    throw err;
  }
  if (input.role !== 'user') await changeUserRole(ctx, actor, id, input.role);
  const link = await issueSetPasswordLink(ctx, email);
  const account = input.role === 'presenter' ? await memberPromoted(ctx, id) : { ok: true };
  const created = await getUserListItem(ctx, id);
  if (!created) throw notFound('User not found');
  return {
    user: created,
    link,
    notice: account.ok ? null : `Account created, but no streaming account was made: ${account.error}`,
  };
}

/** A new link for a member who has not chosen a password yet (the first one expired or was lost). */
export async function reissueSetPasswordLink(ctx: Ctx, userId: string): Promise<SetPasswordLink> {
  const profile = await getProfile(ctx.db, userId);
  if (!profile) throw notFound('User not found');
  const [hasPassword] = await ctx.db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  // Once a member has a password, only they (through a mailed link) may change it: never an admin.
  if (hasPassword) throw conflict(ADMIN_TEXTS.passwordAlreadySet);
  const [u] = await ctx.db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return issueSetPasswordLink(ctx, u.email);
}

interface AuthError {
  body?: { code?: string };
}

/** The member opens the link and chooses a password; they are signed in straight away. */
export async function setPasswordFromLink(ctx: Ctx, input: SetPasswordInput, headers: Headers) {
  const internal = (await ctx.auth.$context).internalAdapter;
  // better-auth keeps reset tokens as `reset-password:<token>` verification values holding the user id.
  const pending = await internal.findVerificationValue(`reset-password:${input.token}`);
  try {
    await ctx.auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
  } catch (err) {
    const code = (err as AuthError)?.body?.code;
    if (code === 'PASSWORD_TOO_SHORT') throw new AppError('VALIDATION', AUTH_TEXTS.passwordTooShort);
    if (code === 'INVALID_TOKEN' || code === 'USER_NOT_FOUND') {
      throw new AppError('VALIDATION', ADMIN_TEXTS.setPasswordLinkInvalid);
    }
    throw err;
  }
  const userId = pending?.value;
  const [u] = userId ? await ctx.db.select().from(user).where(eq(user.id, userId)) : [];
  if (!u) return { setCookies: [] as string[], actor: null };
  return logIn(ctx, { email: u.email, password: input.password }, headers);
}
