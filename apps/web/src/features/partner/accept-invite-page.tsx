import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { invitationExpired, type InvitationView } from '@nestling/shared/contract/partner';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { hasAuthToken, subscribeAuthToken } from '../../lib/auth-cookie.ts';
import { ButtonLink } from '../../ui/button-link.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { useInvitation, usePartnerActions } from './use-partner.ts';

const inviterOf = (view: InvitationView) => view.inviterFirstName ?? view.inviterEmail;

/** What a link that no longer works says, and what to do. */
function closedText(view: InvitationView): string | null {
  switch (view.state) {
    case 'expired':
      return invitationExpired(inviterOf(view));
    case 'used':
      return 'This invitation has already been accepted. Sign in to see your reports.';
    case 'canceled':
      return `This invitation was canceled. Ask ${inviterOf(view)} to invite you again from their Partner page.`;
    default:
      return null;
  }
}

/** /invite/accept/{id} and /saliva/invite/accept/{id}: one page for both. */
export function AcceptInvitePage({ id }: { id: string }) {
  const signedIn = useSyncExternalStore(subscribeAuthToken, hasAuthToken, () => false);
  const invitation = useInvitation(id);
  const { accept } = usePartnerActions();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const view = invitation.data;
  const closed = view === undefined ? null : closedText(view);
  return (
    <>
      <PageHeading
        title="Accept partner invite"
        lead="Join your partner’s preconception screening so that you can share a joint report."
      />
      {invitation.isPending && <Text>Loading…</Text>}
      {invitation.isError && (
        <Alert color="red" role="alert">
          {invitation.error.message}
        </Alert>
      )}
      {view !== undefined && (
        <Stack gap="md">
          <Text>
            {view.inviterFirstName === null
              ? `${view.inviterEmail} invited you`
              : `${view.inviterFirstName} (${view.inviterEmail}) invited you`}{' '}
            to be the partner on their preconception report. The invitation was sent to{' '}
            {view.invitedEmail}.
          </Text>
          {closed !== null && (
            <Alert color="yellow" role="alert">
              {closed}
            </Alert>
          )}
          {closed === null && !signedIn && (
            <>
              <Text>Create an account or sign in with that address to accept.</Text>
              <Group>
                <ButtonLink to="/signup" search={{ next: pathname }}>
                  Create an account
                </ButtonLink>
                <ButtonLink to="/signin" search={{ next: pathname }} variant="outline">
                  Sign in
                </ButtonLink>
              </Group>
            </>
          )}
          {closed === null && signedIn && (
            <>
              {accept.isError && (
                <Alert color="red" role="alert">
                  {accept.error.message}
                </Alert>
              )}
              <Group>
                <Button
                  loading={accept.isPending}
                  onClick={() => {
                    accept.mutate(id, {
                      onSuccess: () => void navigate({ to: '/registered-partner' }),
                    });
                  }}
                >
                  Accept invite
                </Button>
              </Group>
            </>
          )}
        </Stack>
      )}
    </>
  );
}
