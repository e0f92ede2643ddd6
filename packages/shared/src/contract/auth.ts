import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH, passwordSchema } from './signup.ts';

/** `?email=` of GET /user/password and GET /user/email. Trimmed, as spec section 5 says. */
export const emailQuerySchema = z.object({
  email: z
    .string({ error: 'Enter your email' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'Enter your email' }),
      z.maxLength(254, { error: 'Enter a valid email' }),
    ),
});
export type EmailQuery = z.infer<typeof emailQuerySchema>;

const oobCodeSchema = z
  .string({ error: 'The link is incomplete' })
  .check(z.minLength(1, { error: 'The link is incomplete' }), z.maxLength(512));

/** POST /user/email/confirm: the `oobCode` of the confirmation link. */
export const confirmEmailBodySchema = z.object({ oobCode: oobCodeSchema });
/** The confirmed address comes back for a sign-up's link, so sign-in can offer it. */
export const confirmEmailAnswerSchema = z.object({
  message: z.string(),
  email: z.optional(z.string()),
});
export type ConfirmEmailAnswer = z.infer<typeof confirmEmailAnswerSchema>;
export type ConfirmEmailBody = z.infer<typeof confirmEmailBodySchema>;

/** POST /user/password/reset: the `oobCode` of the reset link and the new password. */
export const resetPasswordBodySchema = z.object({
  oobCode: oobCodeSchema,
  password: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/**
 * POST /auth/sign-in/email. The password is only bounded here: sign-up and password changes
 * apply the password rules.
 */
export const signInBodySchema = z.object({
  email: emailQuerySchema.shape.email,
  password: z
    .string({ error: 'Enter your password' })
    .check(
      z.minLength(1, { error: 'Enter your password' }),
      z.maxLength(PASSWORD_MAX_LENGTH, { error: 'Invalid email or password' }),
    ),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

/** POST /user/token: a short-lived access token, sent as `Authorization: Bearer`. */
export const accessTokenSchema = z.object({
  token: z.string(),
  /** Unix seconds, the token's `exp`. */
  expiresAt: z.int(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

export const PASSWORD_MAIL_MESSAGE =
  'If an account uses this email, we have sent it a link to choose a new password.';
export const CONFIRMATION_MAIL_MESSAGE =
  'If an account with this email is waiting for confirmation, we have sent it a new link.';
/**
 * The answer to every sign-up, for a new address and for one that has an account already (its
 * owner gets a mail saying so): the answer never tells whether an address has an account.
 */
export const SIGN_UP_MESSAGE =
  'We have sent a mail to this address. Open the link in it to confirm your email, then sign in.';
export const SIGNED_IN_MESSAGE = 'You are signed in.';
export const EMAIL_CONFIRMED_MESSAGE = 'Your email is confirmed.';
export const PASSWORD_RESET_MESSAGE = 'Your password is changed. Please sign in with it.';
export const SIGNED_OUT_MESSAGE = 'You are signed out.';
export const VERIFIED_EMAIL_REQUIRED = 'Verified email required';
/** The answer to a request whose session ended (signed out, expired or revoked). */
export const SESSION_EXPIRED = 'Session expired';
export const NOT_WHILE_IMPERSONATING =
  'This change can only be made by the account holder, not while impersonating.';
