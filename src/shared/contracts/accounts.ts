import { z } from 'zod';
import { LIMITS } from '../limits';
import { PROFILE_ROLES } from '../permissions';
import { AUTH_TEXTS } from '../texts/accounts';
import { ThemeId } from './shop';

const t = AUTH_TEXTS;

const email = z
  .string({ error: t.emailRequired })
  .trim()
  .min(1, t.emailRequired)
  .max(LIMITS.emailMax)
  .pipe(z.email({ error: t.emailInvalid }));

/** A new password and its confirmation: 'Passwords do not match' is checked before the length rule. */
function checkPasswordPair(v: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (!v.password) return;
  if (v.password !== v.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: t.passwordsDoNotMatch });
    return;
  }
  if (v.password.length < LIMITS.passwordMinLength) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: t.passwordTooShort });
  }
}

/** Sign-up: required fields, email shape, 'Passwords do not match' checked before the length rule. */
export const SignUpInput = z
  .object({
    fullName: z
      .string({ error: t.fullNameRequired })
      .trim()
      .min(1, t.fullNameRequired)
      .max(LIMITS.fullNameMax),
    email,
    password: z.string({ error: t.passwordRequired }).min(1, t.passwordRequired).max(LIMITS.passwordMax),
    confirmPassword: z.string({ error: t.passwordRequired }).max(LIMITS.passwordMax),
  })
  .superRefine(checkPasswordPair);
export type SignUpInput = z.infer<typeof SignUpInput>;

export const LoginInput = z.object({
  email,
  password: z.string({ error: t.passwordRequired }).min(1, t.passwordRequired).max(LIMITS.passwordMax),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const ProfileRole = z.enum(PROFILE_ROLES);

const socialName = z
  .string()
  .trim()
  .max(100)
  .nullable()
  .transform((v) => (v ? v : null));

export const Profile = z.object({
  id: z.string(),
  fullName: z.string().nullable(),
  email: z.string(),
  role: ProfileRole,
  profilePicture: z.string().nullable(),
  twitterUsername: z.string().nullable(),
  twitchUsername: z.string().nullable(),
  instagramUsername: z.string().nullable(),
  youtubeUsername: z.string().nullable(),
  tiktokUsername: z.string().nullable(),
  discordUsername: z.string().nullable(),
  showName: z.string().nullable(),
  showDescription: z.string().nullable(),
  bio: z.string().nullable(),
  themePreference: z.string().nullable(),
  showInTopSupporters: z.boolean(),
  publicProfile: z.boolean(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof Profile>;

export const Me = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  profile: Profile,
  displayName: z.string(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  capabilities: z.array(z.string()),
  isAdmin: z.boolean(),
  isPresenter: z.boolean(),
  tokenBalance: z.number(),
});
export type Me = z.infer<typeof Me>;

export const MeOrAnonymous = z.object({ me: Me.nullable() });

/** What a member may change on their own profile. Role, email and name are never settable here. */
export const UpdateProfileInput = z
  .object({
    twitterUsername: socialName,
    twitchUsername: socialName,
    instagramUsername: socialName,
    youtubeUsername: socialName,
    tiktokUsername: socialName,
    showName: z
      .string()
      .trim()
      .max(120)
      .nullable()
      .transform((v) => v || null),
    showDescription: z
      .string()
      .trim()
      .max(2000)
      .nullable()
      .transform((v) => v || null),
    bio: z
      .string()
      .trim()
      .max(2000)
      .nullable()
      .transform((v) => v || null),
    themePreference: ThemeId.nullable(),
    showInTopSupporters: z.boolean(),
    publicProfile: z.boolean(),
  })
  .partial()
  .strict();
export type UpdateProfileInput = z.input<typeof UpdateProfileInput>;

export const LoginResult = z.object({ me: Me });

export const UserListItem = z.object({
  id: z.string(),
  fullName: z.string().nullable(),
  email: z.string(),
  role: ProfileRole,
  createdAt: z.string(),
  displayName: z.string(),
});
export type UserListItem = z.infer<typeof UserListItem>;
export const UserList = z.object({ users: z.array(UserListItem) });
export const ChangeRoleInput = z.object({ role: ProfileRole });

/** Display name rule: full name, else sign-up name, else the email's local part, else 'Profile'. */
export function displayNameOf(p: {
  fullName?: string | null;
  signUpName?: string | null;
  email?: string | null;
}) {
  const full = p.fullName?.trim();
  if (full) return full;
  const meta = p.signUpName?.trim();
  if (meta) return meta;
  const local = p.email?.split('@')[0]?.trim();
  if (local) return local;
  return 'Profile';
}

/** The three profile roles the admin's role select offers; other roles come as assigned roles. */
export const ADMIN_SELECTABLE_ROLES = ['user', 'presenter', 'admin'] as const;

/** The admin user form (email required). The new member sets their own password from a link. */
export const CreateUserInput = z.object({
  email,
  fullName: z
    .string()
    .trim()
    .max(LIMITS.fullNameMax)
    .optional()
    .transform((v) => v || undefined),
  role: z.enum(ADMIN_SELECTABLE_ROLES).default('user'),
});
export type CreateUserInput = z.input<typeof CreateUserInput>;

/**
 * How the set-password link reached the new member: mailed to them, or (no mail configured) handed to the
 * admin once, in this answer only, to pass on. Never a password.
 */
export const SetPasswordLink = z.object({
  delivery: z.enum(['email', 'admin']),
  /** Present only when delivery is 'admin'. */
  url: z.string().nullable(),
  /** Mail is configured but could not be sent: the admin hands the link over instead. */
  mailFailed: z.boolean(),
  expiresAt: z.string(),
});
export type SetPasswordLink = z.infer<typeof SetPasswordLink>;

export const CreateUserResult = z.object({
  user: UserListItem,
  link: SetPasswordLink,
  notice: z.string().nullable(),
});
export type CreateUserResult = z.infer<typeof CreateUserResult>;

export const SetPasswordInput = z
  .object({
    token: z.string().min(1).max(200),
    password: z.string({ error: t.passwordRequired }).min(1, t.passwordRequired).max(LIMITS.passwordMax),
    confirmPassword: z.string({ error: t.passwordRequired }).max(LIMITS.passwordMax),
  })
  .superRefine(checkPasswordPair);
export type SetPasswordInput = z.infer<typeof SetPasswordInput>;
