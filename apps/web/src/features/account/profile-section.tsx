import { Alert, Stack } from '@mantine/core';
import type { User } from '@nestling/shared/contract/user';
import type { SubmitEvent } from 'react';
import { FormError, SubmitButton } from '../auth/form-parts.tsx';
import { profileValues } from '../auth/profile-form.tsx';
import { ProfileFields, profileValidators, type ProfileField } from '../auth/profile-fields.tsx';
import { useFormFields } from '../auth/use-form-fields.ts';
import { useUpdateProfile } from '../auth/use-update-profile.ts';

/** Name, phone, date of birth and sex, checked as typed and again by the server. */
export function ProfileSection({ user }: { user: User }) {
  const update = useUpdateProfile();
  const form = useFormFields<ProfileField>(profileValues(user), profileValidators);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    const { firstName, lastName, phone, dob, sex } = form.values;
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
        <ProfileFields form={form} />
        <SubmitButton pending={update.isPending}>Save profile</SubmitButton>
      </Stack>
    </form>
  );
}
