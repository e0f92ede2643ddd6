import type { Signup } from '@nestling/shared/contract/signup';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { useApi } from '../../lib/api-context.tsx';
import { currentUserQueryKey } from '../session/use-current-user.ts';
import { profileBody } from './profile-body.ts';
import { fetchAccessToken } from './use-sign-in.ts';

/** The email just signed up with, so /verify-email can offer to resend to it. */
export const pendingEmailQueryKey = ['auth', 'pending-email'] as const;

/**
 * Account creation through better-auth, which signs the new user in; the access token follows
 * at once, so the access gate can take them to /verify-email and on. The confirmation mail
 * follows from the server.
 */
export function useSignUp() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (signup: Signup) => {
      await api.post('/auth/sign-up/email', z.unknown(), {
        auth: false,
        redirects: false,
        body: { email: signup.email, password: signup.password, ...profileBody(signup) },
      });
      await fetchAccessToken(api);
    },
    onSuccess: async (_data, signup) => {
      queryClient.setQueryData(pendingEmailQueryKey, signup.email);
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
