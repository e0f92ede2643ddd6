import type { Signup } from '@nestling/shared/contract/signup';
import { parseDob } from '@nestling/shared/dates';

/** The profile's fields as the forms send them, already checked by the shared rules. */
export interface ProfileInput {
  firstName: string;
  lastName: string;
  phone: string;
  /** MM/DD/YYYY, already checked by dobSchema. */
  dob: string;
  sex: Signup['sex'];
}

/** A form's sex field as the API takes it; null for anything else (the form refuses it first). */
export function signupSex(value: string): Signup['sex'] | null {
  return value === 'Male' || value === 'Female' ? value : null;
}

/** The user's portal columns as the identity provider stores them (its additional fields). */
export function profileBody({ firstName, lastName, phone, dob, sex }: ProfileInput) {
  const parts = parseDob(dob);
  return {
    name: `${firstName} ${lastName}`,
    firstName,
    lastName,
    phone,
    sex,
    birthMonth: parts?.month ?? null,
    birthDay: parts?.day ?? null,
    birthYear: parts?.year ?? null,
  };
}
