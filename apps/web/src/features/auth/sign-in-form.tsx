import { Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { SubmitEvent } from 'react';
import { ApiError } from '../../lib/api.ts';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { emailError } from './email-check.ts';
import { FormError, SubmitButton } from './form-parts.tsx';
import { PasswordField } from './password-field.tsx';
import { useSignIn } from './use-sign-in.ts';
import { useFormFields, type FieldValidators } from './use-form-fields.ts';

type Field = 'email' | 'password';

const validators: FieldValidators<Field> = {
  email: emailError,
  password: (value) => (value === '' ? 'Enter your password' : undefined),
};

/** Email and password sign-in; afterwards the user lands on `next` (a same-origin path). */
export function SignInForm({ next }: { next: string | undefined }) {
  const signIn = useSignIn();
  const navigate = useNavigate();
  const form = useFormFields<Field>({ email: '', password: '' }, validators);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    void signIn.submit(form.values).then((signedIn) => {
      if (signedIn) void navigate({ href: next ?? '/' });
    });
  };

  const unverified = signIn.error instanceof ApiError && signIn.error.status === 403;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in">
      <Stack gap="md" maw={420}>
        <FormError error={signIn.error}>
          {unverified && (
            <Text size="sm" mt="xs">
              <AnchorLink to="/verify-email" search={{ next }}>
                Send a new confirmation link
              </AnchorLink>
            </Text>
          )}
        </FormError>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.input('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          {...form.input('password')}
        />
        <Text size="sm">
          <AnchorLink to="/reset-password">Forgot password?</AnchorLink>
        </Text>
        <SubmitButton pending={signIn.isPending}>Sign in</SubmitButton>
        <Text>
          New here?{' '}
          <AnchorLink to="/signup" search={{ next }}>
            Create your account
          </AnchorLink>
        </Text>
      </Stack>
    </form>
  );
}
