import { parseDob } from '@nestling/shared/dates';

export interface ProfileInput {
  firstName: string;
  lastName: string;
  phone: string;
  /** MM/DD/YYYY, already checked by dobSchema. */
  dob: string;
  sex: string;
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
