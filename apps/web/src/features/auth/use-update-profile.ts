import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { useApi } from '../../lib/api-context.tsx';
import { currentUserQueryKey } from '../session/use-current-user.ts';
import { profileBody, type ProfileInput } from './profile-body.ts';

/** Completes the profile (/signup/step-1) through better-auth's update-user, on the session. */
export function useUpdateProfile() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (profile: ProfileInput) => {
      await api.post('/auth/update-user', z.unknown(), {
        auth: false,
        redirects: false,
        body: profileBody(profile),
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
