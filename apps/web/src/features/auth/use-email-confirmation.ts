import { messageSchema } from '@nestling/shared/contract/message';
import { confirmEmailAnswerSchema } from '@nestling/shared/contract/auth';
import { trimEmail } from '@nestling/shared/text';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';
import { hasAuthToken } from '../../lib/auth-cookie.ts';
import { currentUserQueryKey } from '../session/index.ts';

/** GET /user/email?email=: sends a new confirmation link; the answer is the same for any email. */
export function useResendConfirmation() {
  const api = useApi();
  return useMutation({
    mutationFn: (email: string) =>
      api.get('/user/email', messageSchema, {
        auth: false,
        redirects: false,
        query: { email: trimEmail(email) },
      }),
  });
}

/**
 * POST /user/email/confirm with the link's oobCode: a sign-up confirmation or an email change.
 * The access token goes along when there is one: a change signs out every other device, and
 * the server keeps this one signed in only when it knows which it is.
 */
export function useConfirmEmail() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (oobCode: string) =>
      api.post('/user/email/confirm', confirmEmailAnswerSchema, {
        auth: hasAuthToken(),
        redirects: false,
        body: { oobCode },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
