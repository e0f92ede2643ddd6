import { messageSchema } from '@nestling/shared/contract/auth';
import { trimEmail } from '@nestling/shared/text';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';
import { currentUserQueryKey } from '../session/use-current-user.ts';

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

/** POST /user/email/confirm with the link's oobCode. */
export function useConfirmEmail() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (oobCode: string) =>
      api.post('/user/email/confirm', messageSchema, {
        auth: false,
        redirects: false,
        body: { oobCode },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
