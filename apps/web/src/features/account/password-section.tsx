import { Alert, Stack, Text } from '@mantine/core';
import { currentPasswordSchema } from '@nestling/shared/contract/account';
import { passwordSchema } from '@nestling/shared/contract/signup';
import { useState, type SubmitEvent } from 'react';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import {
  FormError,
  PasswordField,
  SubmitButton,
  schemaError,
  useFormFields,
} from '../auth/index.ts';
import { useChangePassword } from './use-account.ts';

export const PASSWORD_CHANGED_TEXT =
  'Your password is changed. Other devices have been signed out.';

type Field = 'currentPassword' | 'newPassword' | 'confirm';

function PasswordForm({
  email,
  onChanged,
}: {
  email: string;
  onChanged: (signedInAgain: boolean) => void;
}) {
  const change = useChangePassword();
  const form = useFormFields<Field>(
    { currentPassword: '', newPassword: '', confirm: '' },
    {
      currentPassword: (value) => schemaError(currentPasswordSchema, value),
      newPassword: (value) => schemaError(passwordSchema, value),
      confirm: (value, values) => {
        if (value === '') return 'Type the new password again';
        return value === values.newPassword ? undefined : 'The two passwords are not the same';
      },
    },
  );

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    const { currentPassword, newPassword } = form.values;
    change.mutate(
      { email, currentPassword, newPassword },
      {
        onSuccess: ({ signedInAgain }) => {
          onChanged(signedInAgain);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change your password">
      <Stack gap="md">
        <FormError error={change.error} />
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          required
          {...form.input('currentPassword')}
        />
        <PasswordField
          label="New password"
          description="At least 8 characters"
          autoComplete="new-password"
          required
          {...form.input('newPassword')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...form.input('confirm')}
        />
        <SubmitButton pending={change.isPending}>Change password</SubmitButton>
      </Stack>
    </form>
  );
}

/**
 * Current, new and confirmed password. The change signs out every device; this one signs in
 * again with the new password at once, so the person carries on.
 */
export function PasswordSection({ email }: { email: string }) {
  // A fresh, empty form after each change: no password stays in memory longer than needed.
  const [changes, setChanges] = useState(0);
  const [outcome, setOutcome] = useState<'signed-in' | 'signed-out' | null>(null);

  return (
    <Stack gap="md" maw={420}>
      {outcome === 'signed-in' && (
        <Alert color="green" title="Password changed" role="status">
          {PASSWORD_CHANGED_TEXT}
        </Alert>
      )}
      {outcome === 'signed-out' && (
        <Alert color="yellow" title="Password changed" role="status">
          <Text>
            Your password is changed and every device has been signed out, this one too.{' '}
            <AnchorLink to="/signin" search={{ next: '/account-settings' }}>
              Sign in with your new password
            </AnchorLink>
          </Text>
        </Alert>
      )}
      <PasswordForm
        key={changes}
        email={email}
        onChanged={(signedInAgain) => {
          setOutcome(signedInAgain ? 'signed-in' : 'signed-out');
          setChanges((count) => count + 1);
        }}
      />
    </Stack>
  );
}
