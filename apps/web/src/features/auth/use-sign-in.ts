import { trimEmail } from '@nestling/shared/text';
import { useCallback, useState } from 'react';
import { useQueryLayerLoader } from '../../app/query-layer.ts';
import { useApi } from '../../lib/api-context.tsx';
import type { ApiClient } from '../../lib/api.ts';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { currentUserQueryKey } from '../session/index.ts';

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

export interface SignIn {
  /** Signs in; true when the person is signed in (the form then goes on to `next`). */
  submit(input: SignInInput): Promise<boolean>;
  isPending: boolean;
  /** Why the last attempt failed; null before any attempt and after one that worked. */
  error: unknown;
}

/**
 * Sign-in with email and password (better-auth sets the session cookie), then the access token
 * from POST /user/token. The email is trimmed (spec section 5).
 *
 * A plain state hook, not a TanStack Query mutation: signed out, /signin loads no Query code
 * (app/query-layer.ts). Afterwards the cached user, if any, is marked stale, so that the next
 * page asks who is signed in now.
 */
export function useSignIn(): SignIn {
  const api = useApi();
  const queries = useQueryLayerLoader();
  const [state, setState] = useState<{ isPending: boolean; error: unknown }>({
    isPending: false,
    error: null,
  });
  const submit = useCallback(
    async ({ email, password }: SignInInput) => {
      setState({ isPending: true, error: null });
      // Loaded beside the calls: the page after sign-in needs it.
      const loadingClient = queries.client();
      loadingClient.catch(() => undefined);
      try {
        await api.post('/auth/sign-in/email', loadAnyAnswer, {
          auth: false,
          redirects: false,
          body: { email: trimEmail(email), password },
        });
        await fetchAccessToken(api);
        const queryClient = await loadingClient;
        await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
        setState({ isPending: false, error: null });
        return true;
      } catch (error) {
        setState({ isPending: false, error });
        return false;
      }
    },
    [api, queries],
  );
  return { submit, ...state };
}
