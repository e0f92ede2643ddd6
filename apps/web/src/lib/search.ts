import { isSafeNextPath } from '@nestling/shared/next-path';

/**
 * The routes' checks of their search parameters (TanStack Router's validateSearch). Every
 * parameter is optional and falls back to undefined when it is malformed, so a bad link never
 * breaks a page; parameters a route does not know are dropped. Plain functions rather than zod
 * schemas: every route's check loads with the first page, and zod would weigh on /signin's.
 */
type Search = Record<string, unknown>;

/** The check is shared with the server, which carries `next` through the Google sign-in. */
export { isSafeNextPath };

/** Text, trimmed, from 1 to `maxLength` characters; anything else is undefined. */
function trimmedText(value: unknown, maxLength: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text.length >= 1 && text.length <= maxLength ? text : undefined;
}

const optionalText = (value: unknown) => trimmedText(value, 500);

function nextPath(value: unknown): string | undefined {
  return typeof value === 'string' && isSafeNextPath(value) ? value : undefined;
}

/**
 * A version number in a link, as text (the router keeps every search value as text): a whole
 * number from 1; anything else means the latest.
 */
function versionText(value: unknown): string | undefined {
  return typeof value === 'string' && /^[1-9][0-9]{0,8}$/.test(value) ? value : undefined;
}

/** /signin: where to go afterwards, and whether the person has just confirmed their email. */
export function validateSignInSearch(search: Search): {
  next?: string | undefined;
  confirmed?: true | undefined;
} {
  return {
    next: nextPath(search.next),
    confirmed: search.confirmed === true || search.confirmed === 'true' ? true : undefined,
  };
}

/** /signin, /signup, /verify-email: where to go afterwards. */
export function validateNextSearch(search: Search): { next?: string | undefined } {
  return { next: nextPath(search.next) };
}

/** /403: the reason the API gave. */
export function validateForbiddenSearch(search: Search): { message?: string | undefined } {
  return { message: optionalText(search.message) };
}

/** Any page: an admin viewing the portal as another user (spec section 4, impersonation). */
export function validateViewAsSearch(search: Search): {
  as_user?: string | undefined;
  email?: string | undefined;
} {
  return { as_user: optionalText(search.as_user), email: optionalText(search.email) };
}

/** /reports: the tab to open (the view-as parameters come from the root route). */
export function validateReportsSearch(search: Search): { tab?: string | undefined } {
  return { tab: optionalText(search.tab) };
}

/** /verify-email: `next`, and the `oobCode` of the confirmation link. */
export function validateVerifyEmailSearch(search: Search): {
  next?: string | undefined;
  oobCode?: string | undefined;
} {
  return { next: nextPath(search.next), oobCode: optionalText(search.oobCode) };
}

/** /reset-password: the `oobCode` of the reset link. */
export function validateResetPasswordSearch(search: Search): { oobCode?: string | undefined } {
  return { oobCode: optionalText(search.oobCode) };
}

/**
 * /signin/google-done: where Google sign-in ends. `mode` is 'popup' when the sign-in page is
 * waiting for it, `next` where a full-page sign-in goes on to, `error` the code of a failure.
 */
export function validateGoogleDoneSearch(search: Search): {
  mode?: 'popup' | 'page' | undefined;
  next?: string | undefined;
  error?: string | undefined;
} {
  const { mode, error } = search;
  return {
    mode: mode === 'popup' || mode === 'page' ? mode : undefined,
    next: nextPath(search.next),
    error:
      typeof error === 'string' && error.length >= 1 && error.length <= 200 ? error : undefined,
  };
}

/** The version a report page shows: undefined for the latest. */
export function versionFromSearch(version: string | undefined): number | undefined {
  return version === undefined ? undefined : Number(version);
}

/** /reports/joint: which joint report (the preferred account's newest without it), which version. */
export function validateJointReportSearch(search: Search): {
  report?: string | undefined;
  version?: string | undefined;
} {
  return { report: optionalText(search.report), version: versionText(search.version) };
}

/** /reports/individual: which order's report (the preferred order without it), which version. */
export function validateIndividualReportSearch(search: Search): {
  order?: string | undefined;
  version?: string | undefined;
} {
  return { order: optionalText(search.order), version: versionText(search.version) };
}

/**
 * The embryo report pages: ?report= names a report (the preferred account's newest without
 * it), ?version= one version. The version arrives as text from a typed or reloaded address and
 * as a number from a link, so it is read as a number: a whole one from 1, else the latest.
 */
export function validateEmbryoReportSearch(search: Search): {
  report?: string | undefined;
  version?: number | undefined;
} {
  const { version } = search;
  const number = version === undefined ? Number.NaN : Number(version);
  return {
    report: trimmedText(search.report, 200),
    version: Number.isSafeInteger(number) && number > 0 ? number : undefined,
  };
}

/** /order: which order (the newest without it). */
export function validateOrderSearch(search: Search): { id?: string | undefined } {
  return { id: trimmedText(search.id, 200) };
}

/** /admin: the section to open (users without it). */
export function validateAdminSearch(search: Search): { tab?: string | undefined } {
  return { tab: optionalText(search.tab) };
}
