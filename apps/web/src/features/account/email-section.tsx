import { Alert, Stack, Text, TextInput } from '@mantine/core';
import { currentPasswordSchema } from '@nestling/shared/contract/account';
import { emailSchema } from '@nestling/shared/contract/fields';
import { useState, type SubmitEvent } from 'react';
import {
  FormError,
  PasswordField,
  SubmitButton,
  schemaError,
  useFormFields,
} from '../auth/index.ts';
import { useChangeEmail } from './use-account.ts';

type Field = 'newEmail' | 'currentPassword';

function EmailForm({ onSent }: { onSent: (message: string) => void }) {
  const change = useChangeEmail();
  const form = useFormFields<Field>(
    { newEmail: '', currentPassword: '' },
    {
      newEmail: (value) => schemaError(emailSchema, value),
      currentPassword: (value) => schemaError(currentPasswordSchema, value),
    },
  );

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    change.mutate(form.values, {
      onSuccess: ({ message }) => {
        onSent(message);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change your email">
      <Stack gap="md">
        <FormError error={change.error} />
        <TextInput
          label="New email"
          type="email"
          autoComplete="email"
          required
          {...form.input('newEmail')}
        />
        <PasswordField
          label="Current password"
          description="To make sure it is you"
          autoComplete="current-password"
          required
          {...form.input('currentPassword')}
        />
        <SubmitButton pending={change.isPending}>Send confirmation link</SubmitButton>
      </Stack>
    </form>
  );
}

/** A new email with the current password; it changes once the mailed link is opened. */
export function EmailSection({ email }: { email: string }) {
  const [sent, setSent] = useState<string | null>(null);
  const [requests, setRequests] = useState(0);
  return (
    <Stack gap="md" maw={420}>
      <Text>
        You sign in with <strong>{email}</strong>.
      </Text>
      {sent !== null && (
        <Alert color="green" title="Check your new email" role="status">
          {sent}
        </Alert>
      )}
      <EmailForm
        key={requests}
        onSent={(message) => {
          setSent(message);
          setRequests((count) => count + 1);
        }}
      />
    </Stack>
  );
}
