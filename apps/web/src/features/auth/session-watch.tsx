import { accessTokenSchema } from '@nestling/shared/contract/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useApi } from '../../lib/api-context.tsx';
import { clearAuthToken, getAuthToken, setAuthToken } from '../../lib/auth-cookie.ts';
import { SessionExpiringDialog } from './session-expiring-dialog.tsx';
import { tokenExpSeconds } from './token-exp.ts';
import { useSessionTimer } from './use-session-timer.ts';

/**
 * Watches the access token in the auth cookie: refreshes it (POST /user/token with the current
 * Bearer token), warns before it runs out, and on expiry signs out to /signin?next=<this page>.
 * Rendered once, next to the page, never around it.
 */
export function SessionWatch() {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const router = useRouter();

  const timer = useSessionTimer({
    getExpSeconds: () => tokenExpSeconds(getAuthToken()),
    refresh: async () => {
      const { token } = await api.post('/user/token', accessTokenSchema);
      setAuthToken(token);
    },
    signOut: async () => {
      const next = router.state.location.href;
      queryClient.clear();
      clearAuthToken();
      await navigate({ to: '/signin', search: { next } });
    },
  });

  return (
    <SessionExpiringDialog
      msLeft={timer.warningMsLeft}
      staying={timer.staying}
      onStay={() => {
        void timer.stay();
      }}
      onSignOut={timer.signOut}
    />
  );
}
