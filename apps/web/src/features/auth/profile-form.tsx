import { Stack } from '@mantine/core';
import type { User } from '@nestling/shared/contract/user';
import { formatDob } from '@nestling/shared/dates';
import { useNavigate } from '@tanstack/react-router';
import type { SubmitEvent } from 'react';
import { FormError, SubmitButton } from './form-parts.tsx';
import { signupSex } from './profile-body.ts';
import { ProfileFields, profileValidators, type ProfileField } from './profile-fields.tsx';
import { useFormFields } from './use-form-fields.ts';
import { useUpdateProfile } from './use-update-profile.ts';

function longSex(sex: User['sex']): string {
  if (sex === 'M' || sex === 'Male') return 'Male';
  if (sex === 'F' || sex === 'Female') return 'Female';
  return '';
}

export function profileValues(user: User): Record<ProfileField, string> {
  return {
    firstName: user.name.First ?? '',
    lastName: user.name.Last ?? '',
    phone: user.phone ?? '',
    dob: formatDob(user.birthday),
    sex: longSex(user.sex),
  };
}

/** /signup/step-1: completes the profile, prefilled from the user; then `next`. */
export function ProfileForm({ user, next }: { user: User; next: string | undefined }) {
  const update = useUpdateProfile();
  const navigate = useNavigate();
  const form = useFormFields<ProfileField>(profileValues(user), profileValidators);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { firstName, lastName, phone, dob } = form.values;
    const sex = signupSex(form.values.sex);
    if (!form.validateAll() || sex === null) return;
    update.mutate(
      {
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        phone: phone.trim(),
        dob: dob.trim(),
        sex,
      },
      {
        onSuccess: () => {
          void navigate({ href: next ?? '/' });
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Complete your profile">
      <Stack gap="md" maw={420}>
        <FormError error={update.error} />
        <ProfileFields form={form} />
        <SubmitButton pending={update.isPending}>Save and continue</SubmitButton>
      </Stack>
    </form>
  );
}
