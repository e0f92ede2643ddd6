import type { User } from './contract/user.ts';

export type ProfileFields = Pick<User, 'name' | 'sex' | 'email' | 'phone' | 'birthday'>;

function isFilled(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

function isSet(value: number | null | undefined): boolean {
  return typeof value === 'number' && Number.isInteger(value);
}

/**
 * Spec section 5: first name, last name, sex, email, phone and all three birthday parts are
 * present. Whitespace-only text counts as missing.
 */
export function isProfileComplete(user: ProfileFields): boolean {
  const { name, birthday } = user;
  return (
    isFilled(name.First) &&
    isFilled(name.Last) &&
    user.sex !== null &&
    isFilled(user.email) &&
    isFilled(user.phone) &&
    isSet(birthday.Month) &&
    isSet(birthday.Day) &&
    isSet(birthday.Year)
  );
}

export function isHealthSurveyDone(status: string | null | undefined): boolean {
  return status === 'done';
}

export function areTermsAccepted(user: Pick<User, 'tosAccepted' | 'hipaaAccepted'>): boolean {
  return user.tosAccepted && user.hipaaAccepted;
}

/** 'First Last', or null when the user has neither (the navigation then shows 'My Account'). */
export function fullName(user: Pick<User, 'name'>): string | null {
  const parts = [user.name.First, user.name.Last]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '');
  return parts.length > 0 ? parts.join(' ') : null;
}

/**
 * Spec section 6: a primary admin is an admin whose stored sign-in email ends with
 * '@' + the company's domain. Only primary admins may impersonate.
 */
export function isPrimaryAdmin(
  user: Pick<User, 'isAdminUser' | 'email'>,
  companyDomain: string,
): boolean {
  const domain = companyDomain.trim().toLowerCase();
  return (
    user.isAdminUser && domain !== '' && user.email.trim().toLowerCase().endsWith(`@${domain}`)
  );
}
