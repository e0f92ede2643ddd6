import { Alert, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { passwordSchema } from '@nestling/shared/contract/signup';
import { emailSchema } from '@nestling/shared/text';
import type { SubmitEvent } from 'react';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { FormError, SubmitButton } from './form-parts.tsx';
import { schemaError, useFormFields } from './use-form-fields.ts';
import { useRequestPasswordReset, useResetPassword } from './use-password-reset.ts';

/** Asks for a reset link by email. */
export function ResetRequestForm() {
  const request = useRequestPasswordReset();
  const form = useFormFields<'email'>(
    { email: '' },
    { email: (value) => schemaError(emailSchema, value) },
  );

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    request.mutate(form.values.email);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Reset your password">
      <Stack gap="md" maw={420}>
        <Text>
          Enter the email you sign in with and we will send you a link to choose a new password.
        </Text>
        <FormError error={request.error} />
        {request.isSuccess && (
          <Alert color="green" title="Check your email" role="status">
            {request.data.message}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.input('email')}
        />
        <SubmitButton pending={request.isPending}>Send reset link</SubmitButton>
        <Text>
          Remembered it? <AnchorLink to="/signin">Sign in</AnchorLink>
        </Text>
      </Stack>
    </form>
  );
}

type NewPasswordField = 'password' | 'confirm';

/** The landing of the mailed link: a new password, typed twice. */
export function NewPasswordForm({ oobCode }: { oobCode: string }) {
  const reset = useResetPassword();
  const form = useFormFields<NewPasswordField>(
    { password: '', confirm: '' },
    {
      password: (value) => schemaError(passwordSchema, value),
      confirm: (value, values) => {
        if (value === '') return 'Type the new password again';
        return value === values.password ? undefined : 'The two passwords are not the same';
      },
    },
  );

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    reset.mutate({ oobCode, password: form.values.password });
  };

  if (reset.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="green" title="Password changed" role="status">
          {reset.data.message}
        </Alert>
        <Text>
          <AnchorLink to="/signin">Sign in with your new password</AnchorLink>
        </Text>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Choose a new password">
      <Stack gap="md" maw={420}>
        <FormError error={reset.error}>
          <Text size="sm" mt="xs">
            <AnchorLink to="/reset-password">Ask for a new link</AnchorLink>
          </Text>
        </FormError>
        <PasswordInput
          label="New password"
          description="At least 8 characters"
          autoComplete="new-password"
          required
          {...form.input('password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...form.input('confirm')}
        />
        <SubmitButton pending={reset.isPending}>Change password</SubmitButton>
      </Stack>
    </form>
  );
}
