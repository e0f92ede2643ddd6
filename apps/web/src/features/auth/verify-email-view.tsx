import { Alert, Loader, Stack, Text, TextInput } from '@mantine/core';
import { emailSchema } from '@nestling/shared/text';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, type SubmitEvent } from 'react';
import { hasAuthToken } from '../../lib/auth-cookie.ts';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { useCurrentUser } from '../session/use-current-user.ts';
import { FormError, SubmitButton } from './form-parts.tsx';
import { useConfirmEmail, useResendConfirmation } from './use-email-confirmation.ts';
import { schemaError, useFormFields } from './use-form-fields.ts';
import { pendingEmailQueryKey } from './use-sign-up.ts';

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
      onSuccess: () => {
        const target = next ?? '/';
        if (hasAuthToken()) void navigate({ href: target });
        else void navigate({ to: '/signin', search: { next: target } });
      },
    });
  }, [confirm, oobCode, next, navigate]);

  if (confirm.isError) {
    return (
      <Stack gap="xs">
        <FormError error={confirm.error} />
        <Text>
          The link may have expired or been used already. You can ask for a new one below.
        </Text>
      </Stack>
    );
  }
  return (
    <Alert color="blue" title="Confirming your email" role="status">
      <Loader size="sm" aria-hidden /> One moment…
    </Alert>
  );
}

function ResendForm({ initialEmail }: { initialEmail: string }) {
  const resend = useResendConfirmation();
  const form = useFormFields<'email'>(
    { email: initialEmail },
    { email: (value) => schemaError(emailSchema, value) },
  );

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    resend.mutate(form.values.email);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Send a new confirmation link">
      <Stack gap="md" maw={420}>
        <FormError error={resend.error} />
        {resend.isSuccess && (
          <Alert color="green" title="Link sent" role="status">
            {resend.data.message}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.input('email')}
        />
        <SubmitButton pending={resend.isPending}>Resend confirmation link</SubmitButton>
      </Stack>
    </form>
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
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const pending = queryClient.getQueryData<string>(pendingEmailQueryKey);
  const initialEmail = user.data?.email ?? pending ?? '';

  return (
    <Stack gap="lg">
      {oobCode !== undefined && <ConfirmCode oobCode={oobCode} next={next} />}
      <Text>
        We sent a link to your email. Open it to confirm your address. No mail? Check your spam
        folder, or send a new link.
      </Text>
      {user.isLoading ? (
        <Loader size="sm" aria-label="Loading" />
      ) : (
        <ResendForm key={initialEmail} initialEmail={initialEmail} />
      )}
      <Text>
        Confirmed already?{' '}
        <AnchorLink to="/signin" search={{ next }}>
          Sign in
        </AnchorLink>
      </Text>
    </Stack>
  );
}
