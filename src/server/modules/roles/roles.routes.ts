import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, Ok } from '../../../shared/contracts/common';
import {
  AssignmentList,
  AssignRoleInput,
  PermissionCatalogue,
  Role,
  RoleAssignment,
  RoleInput,
  RoleList,
} from '../../../shared/contracts/roles';
import { PERMISSION_CATALOGUE, ROLE_TEMPLATES } from '../../../shared/permissions';
import {
  assignRole,
  createRole,
  deleteRole,
  listAssignments,
  listRoles,
  removeAssignment,
  updateRole,
} from './roles.service';

const manage = { access: { capability: 'roles.manage' as const } };

export async function rolesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['roles'];

  r.get('/api/roles', { config: manage, schema: { tags, response: { 200: RoleList } } }, async () => ({
    roles: await listRoles(ctx),
  }));

  r.get(
    '/api/roles/catalogue',
    { config: manage, schema: { tags, response: { 200: PermissionCatalogue } } },
    async () => ({
      permissions: [...PERMISSION_CATALOGUE],
      templates: ROLE_TEMPLATES,
    }),
  );

  r.post(
    '/api/roles',
    { config: manage, schema: { tags, body: RoleInput, response: { 201: z.object({ role: Role }) } } },
    async (req, reply) =>
      reply.code(201).send({ role: await createRole(ctx, await req.requireActor(), req.body) }),
  );

  r.patch(
    '/api/roles/:id',
    {
      config: manage,
      schema: { tags, params: IdParam, body: RoleInput, response: { 200: z.object({ role: Role }) } },
    },
    async (req) => ({ role: await updateRole(ctx, await req.requireActor(), req.params.id, req.body) }),
  );

  r.delete(
    '/api/roles/:id',
    { config: manage, schema: { tags, params: IdParam, response: { 200: Ok } } },
    async (req) => {
      await deleteRole(ctx, await req.requireActor(), req.params.id);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/role-assignments',
    { config: manage, schema: { tags, response: { 200: AssignmentList } } },
    async () => ({
      assignments: await listAssignments(ctx),
    }),
  );

  r.post(
    '/api/role-assignments',
    {
      config: manage,
      schema: { tags, body: AssignRoleInput, response: { 201: z.object({ assignment: RoleAssignment }) } },
    },
    async (req, reply) =>
      reply.code(201).send({ assignment: await assignRole(ctx, await req.requireActor(), req.body) }),
  );

  r.delete(
    '/api/role-assignments/:id',
    { config: manage, schema: { tags, params: IdParam, response: { 200: Ok } } },
    async (req) => {
      await removeAssignment(ctx, await req.requireActor(), req.params.id);
      return { ok: true as const };
    },
  );
}
