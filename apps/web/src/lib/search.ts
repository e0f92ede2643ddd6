import * as z from 'zod/mini';

/**
 * Typed search parameters shared by several routes. Every parameter is optional and falls back
 * to undefined when it is malformed, so a bad link never breaks a page.
 */

const BASE = 'https://portal.invalid';

/**
 * A `next` target must be a path on this site: it starts with one '/', has no backslashes or
 * control characters, and resolves to the same origin. '//evil.example' and 'https://…' fail.
 */
export function isSafeNextPath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  if (value.includes('\\') || /\p{Cc}/u.test(value)) return false;
  try {
    return new URL(value, BASE).origin === BASE;
  } catch {
    return false;
  }
}

const optionalString = z.catch(
  z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(500))),
  undefined,
);

export const nextSchema = z.catch(
  z.optional(z.string().check(z.refine(isSafeNextPath))),
  undefined,
);

/** /signin, /signup, /verify-email: where to go afterwards. */
export const nextSearchSchema = z.object({ next: nextSchema });

/** /403: the reason the API gave. */
export const forbiddenSearchSchema = z.object({ message: optionalString });

/** Any page: an admin viewing the portal as another user (spec section 4, impersonation). */
export const viewAsSearchSchema = z.object({
  as_user: optionalString,
  email: optionalString,
});

/** /reports: the tab to open (the view-as parameters come from the root route). */
export const reportsSearchSchema = z.object({ tab: optionalString });

/** /verify-email: `next`, and the `oobCode` of the confirmation link. */
export const verifyEmailSearchSchema = z.object({ next: nextSchema, oobCode: optionalString });

/** /reset-password: the `oobCode` of the reset link. */
export const resetPasswordSearchSchema = z.object({ oobCode: optionalString });
