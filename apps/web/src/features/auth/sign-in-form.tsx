import { useNavigate } from '@tanstack/react-router';
import type { SubmitEvent } from 'react';
import { ApiError } from '../../lib/api.ts';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { emailError } from './email-check.ts';
import { FormError, FormStack, FormText, SubmitButton } from './form-parts.tsx';
import styles from './form-parts.module.css';
import { PasswordField } from './password-field.tsx';
import { pendingEmail } from './pending-email.ts';
import { useSignIn } from './use-sign-in.ts';
import { useFormFields, type FieldValidators } from './use-form-fields.ts';

type Field = 'email' | 'password';

const validators: FieldValidators<Field> = {
  email: emailError,
  password: (value) => (value === '' ? 'Enter your password' : undefined),
};

/**
 * Email and password sign-in; afterwards the user lands on `next` (a same-origin path). Built
 * from plain elements, no Mantine component: it is the first page signed out (ADR 038).
 */
export function SignInForm({
  next,
  confirmed = false,
}: {
  next: string | undefined;
  /** Just confirmed by the mailed link: say so, and fill in the address. */
  confirmed?: boolean;
}) {
  const signIn = useSignIn();
  const navigate = useNavigate();
  const confirmedEmail = confirmed ? (pendingEmail() ?? '') : '';
  const form = useFormFields<Field>({ email: confirmedEmail, password: '' }, validators);

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
      <FormStack>
        {confirmed && signIn.error === null && (
          <p role="status" className={styles.confirmed}>
            <strong>Email confirmed.</strong> Sign in to continue.
          </p>
        )}
        <FormError error={signIn.error}>
          {unverified && (
            <FormText small>
              <AnchorLink to="/verify-email" search={{ next }}>
                Send a new confirmation link
              </AnchorLink>
            </FormText>
          )}
        </FormError>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.input('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          autoFocus={confirmedEmail !== ''}
          required
          {...form.input('password')}
        />
        <FormText small>
          <AnchorLink to="/reset-password">Forgot password?</AnchorLink>
        </FormText>
        <SubmitButton pending={signIn.isPending}>Sign in</SubmitButton>
        <FormText>
          New here?{' '}
          <AnchorLink to="/signup" search={{ next }}>
            Create your account
          </AnchorLink>
        </FormText>
      </FormStack>
    </form>
  );
}
