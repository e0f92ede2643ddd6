import { isSafeNextPath } from '@nestling/shared/next-path';
import * as z from 'zod/mini';

/**
 * Typed search parameters shared by several routes. Every parameter is optional and falls back
 * to undefined when it is malformed, so a bad link never breaks a page.
 */

/** The check is shared with the server, which carries `next` through the Google sign-in. */
export { isSafeNextPath };

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

/**
 * /signin/google-done: where Google sign-in ends. `mode` is 'popup' when the sign-in page is
 * waiting for it, `next` where a full-page sign-in goes on to, `error` the code of a failure.
 */
export const googleDoneSearchSchema = z.object({
  mode: z.catch(z.optional(z.enum(['popup', 'page'])), undefined),
  next: nextSchema,
  error: z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(200))), undefined),
});

/**
 * A version number in a link, as text (the router keeps every search value as text): a whole
 * number from 1; anything else means the latest.
 */
const versionSchema = z.catch(
  z.optional(z.string().check(z.regex(/^[1-9][0-9]{0,8}$/))),
  undefined,
);

/** The version a report page shows: undefined for the latest. */
export function versionFromSearch(version: string | undefined): number | undefined {
  return version === undefined ? undefined : Number(version);
}

/** /reports/joint: which joint report (the preferred account's newest without it), which version. */
export const jointReportSearchSchema = z.object({ report: optionalString, version: versionSchema });

/** /reports/individual: which order's report (the preferred order without it), which version. */
export const individualReportSearchSchema = z.object({
  order: optionalString,
  version: versionSchema,
});
