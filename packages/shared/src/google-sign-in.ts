/**
 * Google sign-in (ADR 008): paths, codes and names the server and the web app share. Kept free
 * of schemas so that the sign-in page's button costs next to nothing; the schemas are in
 * contract/google-sign-in.ts.
 *
 * The sign-in page opens a popup at the start endpoint; the server sends it on to Google,
 * better-auth's callback sets the session cookie and redirects to the completion page, which
 * tells the sign-in page over a same-origin BroadcastChannel and closes. When the popup is
 * blocked the whole page takes the same path and continues to `next` itself.
 */

/** Starts Google sign-in: answers with a redirect to Google (or to the completion page). */
export const GOOGLE_START_API_PATH = '/auth/google/start';
export const GOOGLE_START_PATH = `/api${GOOGLE_START_API_PATH}`;
/** better-auth's callback: the redirect URI to register for the Google OAuth client. */
export const GOOGLE_CALLBACK_PATH = '/api/auth/callback/google';
/** The web-app page every Google sign-in ends on, with `?error=` when it failed. */
export const GOOGLE_DONE_PATH = '/signin/google-done';

export const googleModes = ['popup', 'page'] as const;
/** 'popup': the completion page reports to the sign-in page; 'page': it goes on to `next`. */
export type GoogleMode = (typeof googleModes)[number];

export const GOOGLE_NOT_ENABLED_MESSAGE = 'Google sign-in is not enabled on this portal.';

/**
 * Error codes the portal adds to the completion page's `?error=`; the others come from
 * better-auth (e.g. 'account_not_linked', 'state_mismatch') or from Google ('access_denied').
 */
export const googleErrorCodes = {
  /** Google has not verified the account's email, so it cannot prove who signs in. */
  emailNotVerified: 'google_email_not_verified',
  /** Google's discovery document could not be read: the provider is not available. */
  unavailable: 'google_unavailable',
  tooManyAttempts: 'too_many_attempts',
  /** Seen by the sign-in page only: the popup closed without a result. */
  popupClosed: 'popup_closed',
  /** Seen by the sign-in page only: no result within the time allowed. */
  timedOut: 'timed_out',
} as const;

/** The same-origin BroadcastChannel the completion page reports on. */
export const GOOGLE_SIGN_IN_CHANNEL = 'nestling:google-sign-in';
