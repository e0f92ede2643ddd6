import type { Signup } from '@nestling/shared/contract/signup';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { useApi } from '../../lib/api-context.tsx';
import { profileBody } from './profile-body.ts';

import { rememberPendingEmail } from './pending-email.ts';

/**
 * Account creation. The server mails a link to confirm the email and signs no one in: its
 * answer is the same whether or not the address already had an account, whose owner is mailed
 * instead. The person signs in once the link is opened (/verify-email says so).
 */
export function useSignUp() {
  const api = useApi();
  return useMutation({
    // `next`: where the person was going; the confirmation link brings them back there.
    mutationFn: async ({ signup, next }: { signup: Signup; next?: string | undefined }) => {
      await api.post('/auth/sign-up/email', z.unknown(), {
        auth: false,
        redirects: false,
        body: {
          email: signup.email,
          password: signup.password,
          ...profileBody(signup),
          ...(next === undefined ? {} : { next }),
        },
      });
    },
    onSuccess: (_data, { signup }) => {
      rememberPendingEmail(signup.email);
    },
  });
}
