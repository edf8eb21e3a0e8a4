import type { Role, RoleAssignment } from '@shared/contracts/roles';
import { PERMISSION_CATALOGUE, ROLE_TEMPLATES } from '@shared/permissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { meQueryKey } from '@web/app/session';

export interface RoleBody {
  name: string;
  fullName: string;
  description: string | null;
  permissions: string[];
}

interface Catalogue {
  permissions: string[];
  templates: Record<string, { fullName: string; description: string; permissions: string[] }>;
}

export const rolesQueryKey = ['roles'] as const;
export const assignmentsQueryKey = ['role-assignments'] as const;

export function useRoles() {
  return useQuery({
    queryKey: rolesQueryKey,
    queryFn: () => api.get<{ roles: Role[] }>('/api/roles'),
    select: (d) => d.roles,
  });
}

/** The permission catalogue and templates; the shared constants stand in until the server answers. */
export function useCatalogue() {
  return useQuery({
    queryKey: ['role-catalogue'],
    queryFn: () => api.get<Catalogue>('/api/roles/catalogue'),
    placeholderData: { permissions: [...PERMISSION_CATALOGUE], templates: ROLE_TEMPLATES },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAssignments() {
  return useQuery({
    queryKey: assignmentsQueryKey,
    queryFn: () => api.get<{ assignments: RoleAssignment[] }>('/api/role-assignments'),
    select: (d) => d.assignments,
  });
}

/** Roles and assignments depend on each other (counts, names), and on the caller's own rights. */
function useInvalidateRoles() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: rolesQueryKey });
    void queryClient.invalidateQueries({ queryKey: assignmentsQueryKey });
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
  };
}

export function useSaveRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: RoleBody }) =>
      id
        ? api.patch<{ role: Role }>(`/api/roles/${encodeURIComponent(id)}`, body)
        : api.post<{ role: Role }>('/api/roles', body),
    onSuccess: invalidate,
  });
}

export function useDeleteRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/roles/${encodeURIComponent(id)}`),
    onSettled: invalidate,
  });
}

export function useAssignRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (body: { userId: string; roleId: string }) =>
      api.post<{ assignment: RoleAssignment }>('/api/role-assignments', body),
    onSuccess: invalidate,
  });
}

export function useRemoveAssignment() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/role-assignments/${encodeURIComponent(id)}`),
    onSettled: invalidate,
  });
}
