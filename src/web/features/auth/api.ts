import type { LoginInput, Me, SignUpInput } from '@shared/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { applySignedIn, applySignedOut } from '@web/app/session';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<{ me: Me }>('/api/auth/login', input),
    onSuccess: ({ me }) => applySignedIn(queryClient, me),
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignUpInput) =>
      api.post<{ me: Me; firstUserIsAdmin: boolean }>('/api/auth/sign-up', input),
    onSuccess: ({ me }) => applySignedIn(queryClient, me),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ ok: true }>('/api/auth/logout'),
    onSettled: () => applySignedOut(queryClient),
  });
}
