import { z } from 'zod';
import { normaliseRoleName } from '../permissions';
import { ROLES_TEXTS } from '../texts/roles';

export const Role = z.object({
  id: z.string(),
  name: z.string(),
  fullName: z.string(),
  description: z.string().nullable(),
  permissions: z.array(z.string()),
  isSystemRole: z.boolean(),
  createdAt: z.string(),
  assignmentCount: z.number(),
});
export type Role = z.infer<typeof Role>;

export const RoleInput = z.object({
  name: z
    .string({ error: ROLES_TEXTS.nameRequired })
    .trim()
    .min(1, ROLES_TEXTS.nameRequired)
    .max(60)
    .transform(normaliseRoleName)
    .pipe(
      z.string().regex(/^[a-z0-9_]+$/, 'Role names may use letters, digits, spaces and underscores only'),
    ),
  fullName: z
    .string({ error: ROLES_TEXTS.displayNameRequired })
    .trim()
    .min(1, ROLES_TEXTS.displayNameRequired)
    .max(80),
  description: z
    .string()
    .max(500)
    .nullable()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : null)),
  permissions: z.array(z.string()).max(100).default([]),
});
export type RoleInput = z.input<typeof RoleInput>;

export const RoleAssignment = z.object({
  id: z.string(),
  userId: z.string(),
  roleId: z.string(),
  assignedBy: z.string().nullable(),
  assignedAt: z.string(),
  user: z.object({
    id: z.string(),
    fullName: z.string().nullable(),
    email: z.string(),
    displayName: z.string(),
  }),
  role: z.object({ id: z.string(), name: z.string(), fullName: z.string() }),
  assignedByName: z.string().nullable(),
});
export type RoleAssignment = z.infer<typeof RoleAssignment>;

export const AssignRoleInput = z.object({
  userId: z.string().min(1, 'Please choose a user'),
  roleId: z.string().min(1, 'Please choose a role'),
});

export const RoleList = z.object({ roles: z.array(Role) });
export const AssignmentList = z.object({ assignments: z.array(RoleAssignment) });
export const PermissionCatalogue = z.object({
  permissions: z.array(z.string()),
  templates: z.record(
    z.string(),
    z.object({ fullName: z.string(), description: z.string(), permissions: z.array(z.string()) }),
  ),
});
