import type { UserListItem } from '@shared/contracts/accounts';
import type { ProfileRole } from '@shared/permissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/api-client';
import { meQueryKey } from '@web/app/session';

export const usersQueryKey = ['users'] as const;

/** Admin: every member with name, email and profile role. */
export function useUsers() {
  return useQuery({
    queryKey: usersQueryKey,
    queryFn: () => api.get<{ users: UserListItem[] }>('/api/users'),
    select: (d) => d.users,
  });
}

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: ProfileRole }) =>
      api.patch<{ user: UserListItem }>(`/api/users/${encodeURIComponent(id)}/role`, { role }),
    onSuccess: ({ user }) => {
      queryClient.setQueryData<{ users: UserListItem[] }>(usersQueryKey, (old) =>
        old ? { users: old.users.map((u) => (u.id === user.id ? user : u)) } : old,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: usersQueryKey });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
