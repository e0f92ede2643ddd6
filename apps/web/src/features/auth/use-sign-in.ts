import { trimEmail } from '@nestling/shared/text';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';
import type { ApiClient } from '../../lib/api.ts';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { currentUserQueryKey } from '../session/use-current-user.ts';

export interface SignInInput {
  email: string;
  password: string;
}

/*
 * The answers' schemas load with the calls: /signin shows its form before anyone submits it,
 * and its first load carries no zod.
 */
const loadAccessTokenSchema = () =>
  import('@nestling/shared/contract/auth').then((module) => module.accessTokenSchema);
/** better-auth's answer to a sign-in: whatever it is, the access token is what counts. */
const loadAnyAnswer = () => import('zod/mini').then((z) => z.unknown());

/** Exchanges the session cookie for an access token and keeps it in the auth cookie. */
export async function fetchAccessToken(api: ApiClient): Promise<void> {
  const { token } = await api.post('/user/token', loadAccessTokenSchema, {
    auth: false,
    redirects: false,
  });
  setAuthToken(token);
}

/**
 * Sign-in with email and password (better-auth sets the session cookie), then the access token
 * from POST /user/token. The email is trimmed (spec section 5).
 */
export function useSignIn() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ email, password }: SignInInput) => {
      await api.post('/auth/sign-in/email', loadAnyAnswer, {
        auth: false,
        redirects: false,
        body: { email: trimEmail(email), password },
      });
      await fetchAccessToken(api);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
