import * as z from 'zod/mini';
import { dobSchema, emailSchema } from '../text.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 20;
export const NAME_MAX_LENGTH = 100;
export const PHONE_MESSAGE = 'Enter a valid phone number';

/** Not trimmed: spaces are legitimate password characters. */
export const passwordSchema = z
  .string({ error: `Use at least ${PASSWORD_MIN_LENGTH} characters` })
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, { error: `Use at least ${PASSWORD_MIN_LENGTH} characters` }),
    z.maxLength(PASSWORD_MAX_LENGTH, { error: `Use at most ${PASSWORD_MAX_LENGTH} characters` }),
  );

/** Digits, spaces, '+', '-', '(' and ')', with 7 to 20 digits in all. Outputs the trimmed text. */
export const phoneSchema = z.string({ error: PHONE_MESSAGE }).check(
  z.trim(),
  z.refine(
    (phone) => {
      if (!/^[\d +\-()]+$/.test(phone)) return false;
      const digits = phone.replace(/\D/g, '').length;
      return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
    },
    { error: PHONE_MESSAGE },
  ),
);

function personNameSchema(required: string) {
  return z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, { error: required }),
      z.maxLength(NAME_MAX_LENGTH, { error: `Use at most ${NAME_MAX_LENGTH} characters` }),
    );
}

export const firstNameSchema = personNameSchema('Enter your first name');
export const lastNameSchema = personNameSchema('Enter your last name');

/** The sign-up form only offers the long forms; 'M' and 'F' occur only in older records. */
export const signupSexSchema = z.enum(['Male', 'Female'], { error: 'Choose Male or Female' });

/** The sign-up form of spec section 3, plus the password the identity provider needs. */
export const signupSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  phone: phoneSchema,
  dob: dobSchema,
  sex: signupSexSchema,
});
/** What the form holds. */
export type SignupInput = z.input<typeof signupSchema>;
/** What a successful parse gives: trimmed text and a zero-padded dob. */
export type Signup = z.output<typeof signupSchema>;
