import * as z from 'zod/mini';
import { DOB_FORMAT_MESSAGE, DOB_UNDER_AGE_MESSAGE, formatDob } from '../dates.ts';
import { isSafeNextPath } from '../next-path.ts';
import { dobSchema, emailSchema } from './fields.ts';

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

const birthPartSchema = z.optional(z.nullable(z.int({ error: DOB_FORMAT_MESSAGE })));

/**
 * The body of POST /api/auth/sign-up/email, as the identity provider takes it: the form's values
 * with the date of birth in parts. The server checks it before the account is made. The profile
 * fields may be missing (the access gate asks for them at /signup/step-1), but what is sent must
 * be right. Other keys are dropped: nothing else reaches the identity provider.
 */
export const signupRequestSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    name: z.string({ error: 'Enter your name' }).check(
      z.trim(),
      z.minLength(1, { error: 'Enter your name' }),
      z.maxLength(2 * NAME_MAX_LENGTH + 1, {
        error: `Use at most ${2 * NAME_MAX_LENGTH + 1} characters`,
      }),
    ),
    firstName: z.optional(firstNameSchema),
    lastName: z.optional(lastNameSchema),
    phone: z.optional(z.nullable(phoneSchema)),
    sex: z.optional(z.nullable(signupSexSchema)),
    birthMonth: birthPartSchema,
    birthDay: birthPartSchema,
    birthYear: birthPartSchema,
    /** Where the person was going (a path on this site): the confirmation link keeps it. */
    next: z.optional(
      z
        .string()
        .check(
          z.maxLength(2000, { error: 'Use at most 2000 characters' }),
          z.refine(isSafeNextPath, { error: 'Must be a path on this site' }),
        ),
    ),
  })
  .check(
    z.superRefine(({ birthMonth: Month, birthDay: Day, birthYear: Year }, ctx) => {
      const given = [Month, Day, Year].filter((part) => part !== undefined && part !== null);
      if (given.length === 0) return;
      // The date form's own words: an impossible date, or a person under 18.
      const problem =
        given.length !== 3
          ? DOB_FORMAT_MESSAGE
          : dobSchema.safeParse(
              formatDob({ Month: Month ?? null, Day: Day ?? null, Year: Year ?? null }),
            ).error?.issues[0]?.message;
      if (problem === undefined) return;
      const message = problem === DOB_UNDER_AGE_MESSAGE ? problem : DOB_FORMAT_MESSAGE;
      ctx.issues.push({ code: 'custom', message, path: ['birthMonth'], input: Month });
    }),
  );
export type SignupRequest = z.input<typeof signupRequestSchema>;
