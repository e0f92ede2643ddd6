import { Alert, Stack, Text } from '@mantine/core';
import { NOT_WHILE_IMPERSONATING } from '@nestling/shared/contract/auth';
import type { User } from '@nestling/shared/contract/user';
import type { SubmitEvent } from 'react';
import {
  FormError,
  ProfileFields,
  SubmitButton,
  profileValidators,
  profileValues,
  signupSex,
  useFormFields,
  useUpdateProfile,
  type ProfileField,
} from '../auth/index.ts';
import classes from './profile-section.module.css';

/**
 * Name, phone, date of birth and sex, checked as typed and again by the server. Read-only to
 * staff impersonating the person: the server refuses their changes (ADR 007).
 */
export function ProfileSection({ user, readOnly = false }: { user: User; readOnly?: boolean }) {
  const update = useUpdateProfile();
  const form = useFormFields<ProfileField>(profileValues(user), profileValidators);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { firstName, lastName, phone, dob } = form.values;
    const sex = signupSex(form.values.sex);
    if (!form.validateAll() || sex === null) return;
    update.mutate({
      firstName: firstName.trim(),
      lastName: lastName.trim(),
      phone: phone.trim(),
      dob: dob.trim(),
      sex,
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit your profile">
      <Stack gap="md" maw={420}>
        {update.isSuccess && (
          <Alert color="green" title="Profile saved" role="status">
            Your profile is up to date.
          </Alert>
        )}
        <FormError error={update.error} />
        {readOnly && <Text>{NOT_WHILE_IMPERSONATING} The profile is shown as it is.</Text>}
        <fieldset disabled={readOnly} className={classes.fields}>
          <ProfileFields form={form} />
        </fieldset>
        {!readOnly && <SubmitButton pending={update.isPending}>Save profile</SubmitButton>}
      </Stack>
    </form>
  );
}
