import * as z from 'zod/mini';

/**
 * A user id or an email: whose portal an admin views (spec section 4, impersonation). Every
 * endpoint that reads one person's data takes it as `asUser`.
 */
export const asUserSchema = z
  .string()
  .check(z.trim(), z.minLength(1, { error: 'Give a user id or an email' }), z.maxLength(254));
