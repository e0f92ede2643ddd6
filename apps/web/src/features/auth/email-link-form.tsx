import { Alert, Stack, TextInput } from '@mantine/core';
import type { Message } from '@nestling/shared/contract/message';
import { emailSchema } from '@nestling/shared/contract/fields';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode, SubmitEvent } from 'react';
import { FormError, SubmitButton } from './form-parts.tsx';
import { schemaError, useFormFields } from './use-form-fields.ts';

export interface EmailLinkFormProps {
  /** The call that mails the link; it answers the same message for every email. */
  mutation: UseMutationResult<Message, Error, string>;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  successTitle: string;
  initialEmail?: string;
  /** Shown above the form's messages. */
  intro?: ReactNode;
  /** Shown under the submit button. */
  footer?: ReactNode;
}

/** One email field that asks the server to mail a link (password reset, email confirmation). */
export function EmailLinkForm({
  mutation,
  label,
  submitLabel,
  successTitle,
  initialEmail = '',
  intro,
  footer,
}: EmailLinkFormProps) {
  const form = useFormFields<'email'>(
    { email: initialEmail },
    { email: (value) => schemaError(emailSchema, value) },
  );

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    mutation.mutate(form.values.email);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="md" maw={420}>
        {intro}
        <FormError error={mutation.error} />
        {mutation.isSuccess && (
          <Alert color="green" title={successTitle} role="status">
            {mutation.data.message}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.input('email')}
        />
        <SubmitButton pending={mutation.isPending}>{submitLabel}</SubmitButton>
        {footer}
      </Stack>
    </form>
  );
}
