import { Stack, Text, TextInput } from '@mantine/core';
import { passwordSchema, signupSchema } from '@nestling/shared/contract/signup';
import { emailSchema } from '@nestling/shared/contract/fields';
import { useNavigate } from '@tanstack/react-router';
import type { SubmitEvent } from 'react';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { PasswordField } from './password-field.tsx';
import { FormError, SubmitButton } from './form-parts.tsx';
import { ProfileFields, profileValidators, type ProfileField } from './profile-fields.tsx';
import { schemaError, useFormFields, type FieldValidators } from './use-form-fields.ts';
import { useSignUp } from './use-sign-up.ts';

type Field = 'email' | 'password' | ProfileField;

const validators: FieldValidators<Field> = {
  email: (value) => schemaError(emailSchema, value),
  ...profileValidators,
  password: (value) => schemaError(passwordSchema, value),
};

const empty = { email: '', firstName: '', lastName: '', phone: '', dob: '', sex: '', password: '' };

/** Account creation; then /verify-email, carrying `next`. */
export function SignUpForm({ next }: { next: string | undefined }) {
  const signUp = useSignUp();
  const navigate = useNavigate();
  const form = useFormFields<Field>(empty, validators);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    const parsed = signupSchema.safeParse(form.values);
    if (!parsed.success) return;
    signUp.mutate(
      { signup: parsed.data, next },
      {
        onSuccess: () => {
          void navigate({ to: '/verify-email', search: { next } });
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create your account">
      <Stack gap="md" maw={420}>
        <FormError error={signUp.error} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.input('email')}
        />
        <ProfileFields form={form} />
        <PasswordField
          label="Password"
          description="At least 8 characters"
          autoComplete="new-password"
          required
          {...form.input('password')}
        />
        <SubmitButton pending={signUp.isPending}>Create account</SubmitButton>
        <Text>
          Already have an account?{' '}
          <AnchorLink to="/signin" search={{ next }}>
            Sign in
          </AnchorLink>
        </Text>
      </Stack>
    </form>
  );
}
