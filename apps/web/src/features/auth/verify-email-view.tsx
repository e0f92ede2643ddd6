import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { hasAuthToken } from '../../lib/auth-cookie.ts';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { useCurrentUser } from '../session/index.ts';
import { FormError } from './form-parts.tsx';
import { EmailLinkForm } from './email-link-form.tsx';
import { useConfirmEmail, useResendConfirmation } from './use-email-confirmation.ts';
import { pendingEmail, rememberPendingEmail } from './pending-email.ts';

/** How often a signed-in user waiting on this page is checked for a confirmed email. */
export const CONFIRMATION_POLL_MS = 3000;

/** Confirms the code of the mailed link once, then continues to `next`. */
function ConfirmCode({ oobCode, next }: { oobCode: string; next: string | undefined }) {
  const confirm = useConfirmEmail();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    // A code works once: never send it twice (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    confirm.mutate(oobCode, {
      onSuccess: (answer) => {
        const target = next ?? '/';
        if (hasAuthToken()) {
          void navigate({ href: target });
          return;
        }
        // Sign-in says the address is confirmed and has it filled in (never in the URL).
        if (answer.email !== undefined) rememberPendingEmail(answer.email);
        void navigate({ to: '/signin', search: { next: target, confirmed: true } });
      },
    });
  }, [confirm, oobCode, next, navigate]);

  // The server's message already says the link is invalid or expired and to ask for a new one,
  // which the form below offers.
  if (confirm.isError) return <FormError error={confirm.error} />;
  return (
    <Alert color="blue" title="Confirming your email" role="status">
      <Loader size="sm" aria-hidden /> One moment…
    </Alert>
  );
}

function ResendForm({ initialEmail }: { initialEmail: string }) {
  return (
    <EmailLinkForm
      mutation={useResendConfirmation()}
      label="Send a new confirmation link"
      submitLabel="Resend confirmation link"
      successTitle="Link sent"
      initialEmail={initialEmail}
    />
  );
}

/** /verify-email: the landing of the confirmation link, and a way to get a new one. */
export function VerifyEmailView({
  oobCode,
  next,
}: {
  oobCode: string | undefined;
  next: string | undefined;
}) {
  // A signed-in user waiting for the mail is looked up again every few seconds: once the link
  // is opened (usually in another tab), this page carries on to `next` by itself.
  const user = useCurrentUser(
    oobCode === undefined ? { pollWhileUnverifiedMs: CONFIRMATION_POLL_MS } : {},
  );
  const navigate = useNavigate();
  const confirmed = oobCode === undefined && user.data?.emailVerified === true;
  useEffect(() => {
    if (confirmed) void navigate({ href: next ?? '/' });
  }, [confirmed, navigate, next]);
  const pending = pendingEmail();
  const initialEmail = user.data?.email ?? pending ?? '';

  return (
    <Stack gap="lg">
      {oobCode !== undefined && <ConfirmCode oobCode={oobCode} next={next} />}
      {oobCode === undefined && (
        <Text>
          We sent a link to your email. Open it to confirm your address. No mail? Check your spam
          folder, or send a new link.
        </Text>
      )}
      {user.isLoading ? (
        <Loader size="sm" role="status" aria-label="Loading" />
      ) : (
        <ResendForm key={initialEmail} initialEmail={initialEmail} />
      )}
      {user.data === undefined ? (
        <Text>
          Confirmed already?{' '}
          <AnchorLink to="/signin" search={{ next }}>
            Sign in
          </AnchorLink>
        </Text>
      ) : (
        <Text>Once you have opened the link, this page carries on by itself.</Text>
      )}
    </Stack>
  );
}
