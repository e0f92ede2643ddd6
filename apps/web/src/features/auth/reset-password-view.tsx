import { Alert, Stack, Text } from '@mantine/core';
import { passwordSchema } from '@nestling/shared/contract/signup';
import type { SubmitEvent } from 'react';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { FormError, SubmitButton } from './form-parts.tsx';
import { schemaError, useFormFields } from './use-form-fields.ts';
import { useRequestPasswordReset, useResetPassword } from './use-password-reset.ts';
import { EmailLinkForm } from './email-link-form.tsx';
import { PasswordField } from './password-field.tsx';

/** Asks for a reset link by email. */
export function ResetRequestForm() {
  return (
    <EmailLinkForm
      mutation={useRequestPasswordReset()}
      label="Reset your password"
      submitLabel="Send reset link"
      successTitle="Check your email"
      intro={
        <Text>
          Enter the email you sign in with and we will send you a link to choose a new password.
        </Text>
      }
      footer={
        <Text>
          Remembered it? <AnchorLink to="/signin">Sign in</AnchorLink>
        </Text>
      }
    />
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
        <PasswordField
          label="New password"
          description="At least 8 characters"
          autoComplete="new-password"
          required
          {...form.input('password')}
        />
        <PasswordField
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
