import { userSchema } from '@nestling/shared/contract/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';
import { currentUserQueryKey } from '../session/index.ts';
import type { ProfileInput } from './profile-body.ts';

/**
 * PATCH /user/me on the access token: completing the profile (/signup/step-1) and editing it in
 * account settings. The server checks every field with the same shared rules as the form.
 */
export function useUpdateProfile() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    // Only the five fields: the server refuses any other key.
    mutationFn: ({ firstName, lastName, phone, dob, sex }: ProfileInput) =>
      api.patch('/user/me', userSchema, { body: { firstName, lastName, phone, dob, sex } }),
    // Refetched rather than replaced: GET /user/me also says who may be impersonating.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
