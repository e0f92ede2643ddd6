import { Group, Radio, TextInput } from '@mantine/core';
import {
  firstNameSchema,
  lastNameSchema,
  phoneSchema,
  signupSexSchema,
} from '@nestling/shared/contract/signup';
import { dobSchema } from '@nestling/shared/contract/fields';
import { schemaError, type FieldValidators, type FormFields } from './use-form-fields.ts';

export type ProfileField = 'firstName' | 'lastName' | 'phone' | 'dob' | 'sex';

export const profileValidators: FieldValidators<ProfileField> = {
  firstName: (value) => schemaError(firstNameSchema, value),
  lastName: (value) => schemaError(lastNameSchema, value),
  phone: (value) => schemaError(phoneSchema, value),
  dob: (value) => schemaError(dobSchema, value),
  sex: (value) => schemaError(signupSexSchema, value),
};

/**
 * Why the form asks for sex, under the field as a hint (read with it through aria-describedby):
 * the lab reads the X and Y chromosomes, and some risk models, by it.
 */
export const SEX_HINT =
  'Why we ask: the lab uses your sex at birth to read the genes on your X and Y chromosomes and for risk estimates that differ between women and men. If you are not sure, choose the sex recorded when you were born; you can change it later in your account.';

/** Name, phone, date of birth (MM/DD/YYYY) and sex: the profile spec section 5 requires. */
export function ProfileFields({ form }: { form: FormFields<ProfileField> }) {
  return (
    <>
      <TextInput
        label="First name"
        autoComplete="given-name"
        required
        {...form.input('firstName')}
      />
      <TextInput
        label="Last name"
        autoComplete="family-name"
        required
        {...form.input('lastName')}
      />
      <TextInput label="Phone" type="tel" autoComplete="tel" required {...form.input('phone')} />
      <TextInput
        label="Date of birth"
        description="MM/DD/YYYY"
        placeholder="MM/DD/YYYY"
        inputMode="numeric"
        autoComplete="bday"
        required
        {...form.input('dob')}
      />
      <Radio.Group
        label="Sex"
        description={SEX_HINT}
        name="sex"
        required
        value={form.values.sex}
        onChange={(value) => {
          form.setValue('sex', value);
        }}
        error={form.errors.sex}
      >
        <Group gap="lg" mt="xs">
          <Radio value="Male" label="Male" />
          <Radio value="Female" label="Female" />
        </Group>
      </Radio.Group>
    </>
  );
}
