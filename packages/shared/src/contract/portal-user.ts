import * as z from 'zod/mini';
import { userSchema } from './user.ts';

/*
 * GET /user (spec section 7): the user whose portal this is, and, as reports arrive, their
 * reports, accounts and orders. Kept apart from user.ts, which the first load of every page
 * needs for GET /user/me.
 */

/** A user id or an email: whose portal an admin views (spec section 4, impersonation). */
export const asUserSchema = z
  .string()
  .check(z.trim(), z.minLength(1, { error: 'Give a user id or an email' }), z.maxLength(254));

/**
 * A query flag, 'true' or 'false' as the API client writes booleans. Kept as text: a codec to
 * boolean would bring zod's codec code into the web app's first load.
 */
const queryFlagSchema = z.optional(z.enum(['true', 'false']));

/**
 * The query of GET /user. `asUser`: admins only. The report flags choose which reports
 * come with the user; the answer grows with them as reports arrive.
 */
export const userQuerySchema = z.object({
  asUser: z.optional(asUserSchema),
  embryo: queryFlagSchema,
  preconception: queryFlagSchema,
  withPartner: queryFlagSchema,
  individual: queryFlagSchema,
  withIndividualReport: queryFlagSchema,
});
export type UserQuery = z.infer<typeof userQuerySchema>;

/** GET /user: the user whose portal this is (the caller, or the one an admin views as). */
export const userAnswerSchema = z.object({ user: userSchema });
export type UserAnswer = z.infer<typeof userAnswerSchema>;

export const VIEW_AS_ADMIN_ONLY = "Only lab staff can view another person's portal";
export const USER_NOT_FOUND = 'User not found';
