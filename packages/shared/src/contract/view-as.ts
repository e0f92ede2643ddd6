import * as z from 'zod/mini';
import { userSchema } from './user.ts';

/**
 * A user id or an email: whose portal an admin views (spec section 4, impersonation). Every
 * endpoint that reads one person's data takes it as `asUser`.
 */
export const asUserSchema = z
  .string()
  .check(z.trim(), z.minLength(1, { error: 'Give a user id or an email' }), z.maxLength(254));

/**
 * GET /user without flags: just the user whose portal this is. The view-as bar reads only this,
 * so the report shapes that the flags add are not loaded with every page.
 */
export const userOnlyAnswerSchema = z.object({ user: userSchema });
export type UserOnlyAnswer = z.infer<typeof userOnlyAnswerSchema>;
