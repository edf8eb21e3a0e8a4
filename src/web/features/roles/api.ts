import type { Role, RoleAssignment } from '@shared/contracts/roles';
import { PERMISSION_CATALOGUE, ROLE_TEMPLATES } from '@shared/permissions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import type { RoleCatalogue } from '@web/app/data/query-data';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';

export interface RoleBody {
  name: string;
  fullName: string;
  description: string | null;
  permissions: string[];
}

export function useRoles() {
  return useKeyedQuery({
    queryKey: queryKeys.roles.list,
    queryFn: () => api.get<{ roles: Role[] }>('/api/roles'),
    select: (d) => d.roles,
  });
}

/** The permission catalogue and templates; the shared constants stand in until the server answers. */
export function useCatalogue() {
  return useKeyedQuery({
    queryKey: queryKeys.roles.catalogue,
    queryFn: () => api.get<RoleCatalogue>('/api/roles/catalogue'),
    placeholderData: { permissions: [...PERMISSION_CATALOGUE], templates: ROLE_TEMPLATES },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAssignments() {
  return useKeyedQuery({
    queryKey: queryKeys.roles.assignments,
    queryFn: () => api.get<{ assignments: RoleAssignment[] }>('/api/role-assignments'),
    select: (d) => d.assignments,
  });
}

/** Roles and assignments depend on each other (counts, names), and on the caller's own rights. */
function useInvalidateRoles() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.roles.list });
    void queryClient.invalidateQueries({ queryKey: queryKeys.roles.assignments });
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
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
