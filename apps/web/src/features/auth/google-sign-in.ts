import {
  googleSignInMessageSchema,
  type GoogleSignInMessage,
} from '@nestling/shared/contract/google-sign-in';
import { GOOGLE_SIGN_IN_CHANNEL, googleErrorCodes } from '@nestling/shared/google-sign-in';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api.ts';
import { currentUserQueryKey } from '../session/index.ts';
import { PlainWordsError } from './auth-errors.ts';
import { fetchAccessToken } from './use-sign-in.ts';

/*
 * The parts of Google sign-in (ADR 008) that run only once someone chooses it: loaded when the
 * button is pressed, and by the completion page. The sign-in page waits on a same-origin
 * BroadcastChannel rather than on `window.opener`, which Google's pages may cut.
 */

export type GoogleOutcome = { ok: true } | { ok: false; error: string };

const TRY_AGAIN = 'Please try again, or sign in with your email and password.';

/** The plain-words sentence for an error code of the completion page or the popup. */
export function googleErrorText(code: string): string {
  switch (code) {
    case 'access_denied':
      return `Google sign-in was canceled. ${TRY_AGAIN}`;
    case googleErrorCodes.popupClosed:
      return `The Google window was closed before sign-in finished. ${TRY_AGAIN}`;
    case googleErrorCodes.timedOut:
      return `Google sign-in took too long. ${TRY_AGAIN}`;
    case googleErrorCodes.emailNotVerified:
      return 'Google has not verified the email address of this Google account, so it cannot be used to sign in here. Sign in with your email and password instead.';
    case 'account_not_linked':
      return 'An account with this email already exists, and its email is not confirmed yet. Sign in with your email and password and confirm your email; after that you can continue with Google.';
    case googleErrorCodes.tooManyAttempts:
      return 'There have been too many attempts. Please wait 15 minutes and try again.';
    case googleErrorCodes.unavailable:
      return 'Google sign-in is not available right now. Please try again later, or sign in with your email and password.';
    case 'state_mismatch':
    case 'state_not_found':
    case 'state_invalid':
    case 'please_restart_the_process':
      return `This Google sign-in expired or was started in another window. ${TRY_AGAIN}`;
    default:
      return `Google sign-in did not work. ${TRY_AGAIN}`;
  }
}

/** The completion page tells the sign-in page how it went. Never carries a token. */
export function reportGoogleResult(message: Omit<GoogleSignInMessage, 'type'>): void {
  const channel = new BroadcastChannel(GOOGLE_SIGN_IN_CHANNEL);
  channel.postMessage({ type: 'google-sign-in', ...message } satisfies GoogleSignInMessage);
  channel.close();
}

export interface WaitOptions {
  /** How often to look whether the popup is still open. */
  pollMs?: number;
  /**
   * How long a closed popup may still have a result on its way: the completion page reports and
   * closes at once.
   */
  graceMs?: number;
  /** Longer than the server keeps a sign-in's state (10 minutes). */
  timeoutMs?: number;
}

/** Resolves with the completion page's result, or an error once the popup closed without one. */
export function waitForGoogleSignIn(
  popup: Window,
  { pollMs = 500, graceMs = 1500, timeoutMs = 11 * 60_000 }: WaitOptions = {},
): Promise<GoogleOutcome> {
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(GOOGLE_SIGN_IN_CHANNEL);
    let closedSince: number | null = null;
    const finish = (outcome: GoogleOutcome) => {
      clearInterval(poll);
      clearTimeout(timer);
      channel.close();
      resolve(outcome);
    };
    channel.onmessage = (event: MessageEvent) => {
      const message = googleSignInMessageSchema.safeParse(event.data);
      if (!message.success) return;
      finish(
        message.data.ok
          ? { ok: true }
          : { ok: false, error: message.data.error ?? 'unknown_error' },
      );
    };
    const poll = setInterval(() => {
      if (!popup.closed) return;
      closedSince ??= Date.now();
      if (Date.now() - closedSince >= graceMs) {
        finish({ ok: false, error: googleErrorCodes.popupClosed });
      }
    }, pollMs);
    const timer = setTimeout(() => {
      popup.close();
      finish({ ok: false, error: googleErrorCodes.timedOut });
    }, timeoutMs);
  });
}

/**
 * After a successful Google sign-in the browser holds better-auth's session cookie; as after
 * an email sign-in, it is exchanged for the access token and the current user is asked again.
 */
export async function finishGoogleSignIn(api: ApiClient, queryClient: QueryClient): Promise<void> {
  await fetchAccessToken(api);
  await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
}

/** Waits for the popup, then signs in; throws a PlainWordsError when Google sign-in failed. */
export async function completeGooglePopup(
  popup: Window,
  api: ApiClient,
  /** Loaded when needed: on /signin, signed out, TanStack Query is not loaded yet. */
  loadQueryClient: () => Promise<QueryClient>,
  options?: WaitOptions,
): Promise<void> {
  const outcome = await waitForGoogleSignIn(popup, options);
  if (!outcome.ok) throw new PlainWordsError(googleErrorText(outcome.error));
  await finishGoogleSignIn(api, await loadQueryClient());
}
