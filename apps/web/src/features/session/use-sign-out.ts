import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { clearAuthToken } from '../../lib/auth-cookie.ts';

/**
 * Signs out in this browser: forgets the token and every cached answer, then goes to /signin.
 * (Revoking the session on the server is added with sign-in.)
 */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    // Forget every cached answer first, so nothing of this user is shown once the token is gone.
    queryClient.clear();
    clearAuthToken();
    await navigate({ to: '/signin' });
  }, [queryClient, navigate]);
}
