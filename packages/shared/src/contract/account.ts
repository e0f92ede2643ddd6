import * as z from 'zod/mini';
import { DOB_FORMAT_MESSAGE, formatDob } from '../dates.ts';
import { dobSchema, emailSchema } from './fields.ts';
import {
  firstNameSchema,
  lastNameSchema,
  PASSWORD_MAX_LENGTH,
  passwordSchema,
  phoneSchema,
  signupSexSchema,
} from './signup.ts';

/*
 * The account-settings endpoints under /user (Bearer access token): the profile, the password,
 * the email and the signed-in devices.
 */

const birthdayPartSchema = z.int({ error: DOB_FORMAT_MESSAGE });

/**
 * The date of birth as three parts, the shape GET /user/me answers with, held to the same rules
 * as the MM/DD/YYYY text. Outputs the text form, zero-padded, like dobSchema.
 */
export const birthdayPartsSchema = z.pipe(
  z.pipe(
    z.object({ Month: birthdayPartSchema, Day: birthdayPartSchema, Year: birthdayPartSchema }),
    z.transform((parts: { Month: number; Day: number; Year: number }) => formatDob(parts)),
  ),
  dobSchema,
);

export const DOB_TWICE_MESSAGE = 'Send the date of birth once: as dob or as birthday';

function unchangeableKeys(keys: readonly string[]): string {
  return `These fields cannot be changed here: ${keys.join(', ')}`;
}

/**
 * PATCH /user/me: the fields a person may change about themselves, each optional and checked by
 * the sign-up rules. Any other key (email, admin or consent flags) is refused, not ignored, so a
 * client never believes it changed something it did not.
 */
export const updateProfileBodySchema = z
  .strictObject(
    {
      firstName: z.optional(firstNameSchema),
      lastName: z.optional(lastNameSchema),
      phone: z.optional(phoneSchema),
      /** MM/DD/YYYY; split on '/' (spec section 5). */
      dob: z.optional(dobSchema),
      /** The same date as parts, for clients that hold the birthday the way the API gives it. */
      birthday: z.optional(birthdayPartsSchema),
      sex: z.optional(signupSexSchema),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? unchangeableKeys(issue.keys) : 'Send an object',
    },
  )
  .check(
    z.refine((body) => body.dob === undefined || body.birthday === undefined, {
      error: DOB_TWICE_MESSAGE,
      path: ['birthday'],
    }),
  );
export type UpdateProfileInput = z.input<typeof updateProfileBodySchema>;
export type UpdateProfileBody = z.output<typeof updateProfileBodySchema>;

export const CURRENT_PASSWORD_MESSAGE = 'Enter your current password';

/** Checked against the stored hash only; the length rules apply to new passwords. */
export const currentPasswordSchema = z
  .string({ error: CURRENT_PASSWORD_MESSAGE })
  .check(
    z.minLength(1, { error: CURRENT_PASSWORD_MESSAGE }),
    z.maxLength(PASSWORD_MAX_LENGTH, { error: `Use at most ${PASSWORD_MAX_LENGTH} characters` }),
  );

/** POST /user/password/change. */
export const changePasswordBodySchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** POST /user/email/change: the new address, trimmed, and the password to prove it is you. */
export const changeEmailBodySchema = z.object({
  newEmail: emailSchema,
  currentPassword: currentPasswordSchema,
});
export type ChangeEmailInput = z.input<typeof changeEmailBodySchema>;
export type ChangeEmailBody = z.output<typeof changeEmailBodySchema>;

/** One signed-in device: a live session of the user's own (impersonations are not listed). */
export const deviceSessionSchema = z.object({
  id: z.string(),
  /** Readable, from the browser's user agent: 'Chrome on Linux'. */
  device: z.string(),
  ipAddress: z.nullable(z.string()),
  /** ISO 8601: when the person signed in. */
  createdAt: z.iso.datetime(),
  /** ISO 8601: the last request made with it. */
  lastUsedAt: z.iso.datetime(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

/** GET /user/sessions, the most recently used first. */
export const deviceSessionsSchema = z.object({ sessions: z.array(deviceSessionSchema) });
export type DeviceSessions = z.infer<typeof deviceSessionsSchema>;

/** DELETE /user/sessions/{id}. */
export const sessionParamsSchema = z.object({ id: z.string().check(z.minLength(1)) });

export const WRONG_CURRENT_PASSWORD = 'Your current password is not right.';
export const SAME_PASSWORD_MESSAGE =
  'Choose a new password that is different from your current one.';
export const NO_PASSWORD_MESSAGE =
  'This account signs in without a password, so there is no password to check or change.';
export const PASSWORD_CHANGED_MESSAGE =
  'Your password is changed. Every device has been signed out; sign in again with the new password.';
export const EMAIL_UNAVAILABLE = 'This email cannot be used.';
export const SAME_EMAIL_MESSAGE = 'This is already your email.';
export const EMAIL_CHANGED_MESSAGE = 'Your new email is confirmed. Use it to sign in from now on.';
export const SESSION_NOT_FOUND = 'This device is not signed in to your account.';
export const SESSION_SIGNED_OUT_MESSAGE = 'That device has been signed out.';
export const OTHER_SESSIONS_SIGNED_OUT_MESSAGE = 'Every other device has been signed out.';

/** The answer to POST /user/email/change: the email stays as it is until the link is opened. */
export function emailChangeSentMessage(newEmail: string): string {
  return `We have sent a confirmation link to ${newEmail}. Your email changes once you open it.`;
}
