import { ACTIVITY_WINDOW_MS, SESSION_WARNING_MS } from '@nestling/shared/constants';

export type SessionAction = 'expired' | 'refresh-silently' | 'warn' | 'none';

export interface SessionState {
  /** The access token's `exp`, in unix seconds. */
  expSeconds: number;
  /** Now, in milliseconds since the epoch. */
  nowMs: number;
  /** The last pointer or keyboard activity, in milliseconds since the epoch; null when none. */
  lastActivityMs: number | null;
}

/** Milliseconds the token has left (negative once it has expired). */
export function msLeft(expSeconds: number, nowMs: number): number {
  return expSeconds * 1000 - nowMs;
}

/**
 * What the session timer does at one check (spec sections 4 and 9):
 * - the token has expired (now at or after `exp`): 'expired', sign out;
 * - the user was active within the last ACTIVITY_WINDOW_MS (60 s, inclusive):
 *   'refresh-silently';
 * - under SESSION_WARNING_MS (10 minutes) left: 'warn', show the 'Session Expiring' dialog;
 * - otherwise 'none'.
 */
export function sessionAction({ expSeconds, nowMs, lastActivityMs }: SessionState): SessionAction {
  const left = msLeft(expSeconds, nowMs);
  if (left <= 0) return 'expired';
  if (lastActivityMs !== null && nowMs - lastActivityMs <= ACTIVITY_WINDOW_MS) {
    return 'refresh-silently';
  }
  if (left < SESSION_WARNING_MS) return 'warn';
  return 'none';
}
