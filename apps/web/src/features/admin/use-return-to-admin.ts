import { accessTokenSchema } from '@nestling/shared/contract/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useApi } from '../../lib/api-context.tsx';
import { clearAdminToken, getAdminToken, setAuthToken } from '../../lib/auth-cookie.ts';
import { statusOf } from './format.ts';

/*
 * Plain state rather than useMutation: the bars load on every page an admin views, and a
 * mutation hook in their chunk splits shared code out of the portal's first load (see
 * use-view-as-user.ts).
 */

/**
 * Ends the impersonation: the server answers a fresh token of the admin's own session. When
 * the impersonation has already ended (its hour is up), the kept admin token is tried instead;
 * if that is no longer good either, the next call leads to /signin.
 */
export function useReturnToAdmin() {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function returnToAdmin() {
    setPending(true);
    setError(null);
    let token: string | undefined;
    try {
      ({ token } = await api.delete('/admin/impersonation', accessTokenSchema, {
        redirects: false,
      }));
    } catch (failure) {
      token = statusOf(failure) === 401 ? getAdminToken() : undefined;
      if (token === undefined) {
        setError(failure);
        setPending(false);
        return;
      }
    }
    setAuthToken(token);
    clearAdminToken();
    // Forget every answer given as the patient and ask again as the admin, then go back.
    await queryClient.resetQueries();
    setPending(false);
    await navigate({ to: '/admin' });
  }

  return { returnToAdmin, pending, error };
}
