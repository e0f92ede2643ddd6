import { useLocation, useSearch } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { hasAuthToken, subscribeAuthToken } from '../../lib/auth-cookie.ts';
import { useCurrentUser } from '../session/index.ts';
import { InviteBanner } from './invite-banner.tsx';
import { usePendingInvitations } from './use-partner.ts';

/**
 * The banner rule: a signed-in, verified person, as themselves (not lab staff viewing as them),
 * outside the acceptance page itself, who has an open invitation.
 */
export function inviteBannerAllowed(state: {
  signedIn: boolean;
  emailVerified: boolean | undefined;
  viewAs: string | undefined;
  pathname: string;
}): boolean {
  return (
    state.signedIn &&
    state.emailVerified === true &&
    state.viewAs === undefined &&
    !/\/invite\/accept\//.test(state.pathname)
  );
}

/** Spec section 2's invite banner, above every page while an invitation waits for the person. */
export function PendingInviteBanner() {
  const signedIn = useSyncExternalStore(subscribeAuthToken, hasAuthToken, () => false);
  const user = useCurrentUser();
  const search = useSearch({ strict: false });
  const { pathname } = useLocation();
  const allowed = inviteBannerAllowed({
    signedIn,
    emailVerified: user.data?.emailVerified,
    viewAs: search.as_user ?? search.email,
    pathname,
  });
  const pending = usePendingInvitations(allowed);
  const invitation = allowed ? pending.data?.invitations[0] : undefined;
  if (invitation === undefined) return null;
  return <InviteBanner email={invitation.inviterEmail} id={invitation.id} />;
}
