import { ApiError } from '../../lib/api.ts';

/** A failure whose message is already written for the person (Google sign-in's). */
export class PlainWordsError extends Error {
  override readonly name = 'PlainWordsError';
}

/** A calm, plain-words sentence for a failed identity call. */
export function authErrorText(error: unknown): string {
  if (error instanceof PlainWordsError) return error.message;
  if (error instanceof ApiError) {
    if (error.status === 0) {
      return 'We could not reach the portal. Check your connection and try again.';
    }
    if (error.status === 429) {
      return 'There have been too many attempts. Please wait a few minutes and try again.';
    }
    if (error.status >= 500) {
      return 'Something went wrong on our side. Please try again in a moment.';
    }
    return error.message;
  }
  return 'Something went wrong. Please try again.';
}
