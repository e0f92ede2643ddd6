import type { Signup } from '@nestling/shared/contract/signup';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { useApi } from '../../lib/api-context.tsx';
import { profileBody } from './profile-body.ts';

/** The email just signed up with, so /verify-email can offer to resend to it. */
export const pendingEmailQueryKey = ['auth', 'pending-email'] as const;

/**
 * Account creation. The server mails a link to confirm the email and signs no one in: its
 * answer is the same whether or not the address already had an account, whose owner is mailed
 * instead. The person signs in once the link is opened (/verify-email says so).
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
    },
    onSuccess: (_data, signup) => {
      queryClient.setQueryData(pendingEmailQueryKey, signup.email);
    },
  });
}
