import type {
  CreateUserInput,
  CreateUserResult,
  SetPasswordLink,
  UserListItem,
} from '@shared/contracts/accounts';
import type { ProfileRole } from '@shared/permissions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import type { z } from 'zod';

/** Admin: every member with name, email and profile role. */
export function useUsers() {
  return useKeyedQuery({
    queryKey: queryKeys.users,
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
      queryClient.setQueryData<{ users: UserListItem[] }>(queryKeys.users, (old) =>
        old ? { users: old.users.map((u) => (u.id === user.id ? user : u)) } : old,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.users });
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}

/** The admin user form: the answer carries the set-password link when the admin must hand it over. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof CreateUserInput>) => api.post<CreateUserResult>('/api/users', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  });
}

/** A new set-password link for a member who has not chosen a password yet. */
export function useSetPasswordLink() {
  return useMutation({
    mutationFn: (id: string) =>
      api.post<{ link: SetPasswordLink }>(`/api/users/${encodeURIComponent(id)}/set-password-link`),
  });
}
