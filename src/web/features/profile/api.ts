import type { Me, UpdateProfileInput } from '@shared/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { queryKeys } from '@web/app/data/query-keys';

/** PATCH /api/me: social usernames and privacy; the answer is the new session profile. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => api.patch<{ me: Me }>('/api/me', input),
    onSuccess: ({ me }, input) => {
      queryClient.setQueryData(queryKeys.me, { me });
      // A private profile leaves the members list (and a public one comes back).
      if ('publicProfile' in input) void queryClient.invalidateQueries({ queryKey: queryKeys.members.root });
    },
  });
}

/** POST /api/me/picture with the image file itself as the body. */
export function useUploadPicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => api.upload<{ me: Me }>('/api/me/picture', file),
    onSuccess: ({ me }) => {
      queryClient.setQueryData(queryKeys.me, { me });
      void queryClient.invalidateQueries({ queryKey: queryKeys.members.root });
    },
  });
}
