import { messageSchema } from '@nestling/shared/contract/message';
import { trimEmail } from '@nestling/shared/text';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';

/** GET /user/password?email=: mails a reset link; the answer is the same for any email. */
export function useRequestPasswordReset() {
  const api = useApi();
  return useMutation({
    mutationFn: (email: string) =>
      api.get('/user/password', messageSchema, {
        auth: false,
        redirects: false,
        query: { email: trimEmail(email) },
      }),
  });
}

/** POST /user/password/reset with the link's oobCode and the new password. */
export function useResetPassword() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: { oobCode: string; password: string }) =>
      api.post('/user/password/reset', messageSchema, { auth: false, redirects: false, body }),
  });
}
