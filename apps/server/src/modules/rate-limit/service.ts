import { createHash } from 'node:crypto';
import type { RateLimitRepository } from './repository.ts';

export interface RateLimitRule {
  /** Names the row's bucket. */
  readonly bucket: string;
  readonly limit: number;
  readonly windowMs: number;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Every limit the portal applies; the figures are documented in ADR 006. */
export const rateLimitRules = {
  /** Failed sign-ins for one account: the sixth attempt within 15 minutes is refused. */
  signInFailureAccount: { bucket: 'sign-in-failure:account', limit: 5, windowMs: FIFTEEN_MINUTES },
  /**
   * Failed sign-ins from a browser that has signed in to the account before (a known device):
   * counted on their own, so that neither of the two limits around it locks its owner out.
   */
  signInFailureKnownDevice: {
    bucket: 'sign-in-failure:known-device',
    limit: 5,
    windowMs: FIFTEEN_MINUTES,
  },
  /** Failed sign-ins from one address, over every account, by browsers not known to them. */
  signInFailureIp: { bucket: 'sign-in-failure:ip', limit: 20, windowMs: FIFTEEN_MINUTES },
  /** Confirmation and reset mails to one address. */
  mailAccount: { bucket: 'mail:account', limit: 3, windowMs: FIFTEEN_MINUTES },
  /** Confirmation and reset mails requested from one address. */
  mailIp: { bucket: 'mail:ip', limit: 10, windowMs: FIFTEEN_MINUTES },
  /**
   * Wrong current passwords given to change the password or the email of one account (keyed by
   * the user's id): the sixth within 15 minutes is refused, as for sign-in.
   */
  passwordCheckFailureAccount: {
    bucket: 'password-check-failure:account',
    limit: 5,
    windowMs: FIFTEEN_MINUTES,
  },
  /** Google sign-ins started from one address (each stores a short-lived state row). */
  googleStartIp: { bucket: 'google-start:ip', limit: 30, windowMs: FIFTEEN_MINUTES },
  /** Wrong or revoked lab API keys from one address: a guessing pipeline is stopped. */
  labKeyFailureIp: { bucket: 'lab-key-failure:ip', limit: 20, windowMs: FIFTEEN_MINUTES },
  /** Requests that check or set a password or a one-time code, from one address. */
  credentialIp: { bucket: 'credential:ip', limit: 30, windowMs: FIFTEEN_MINUTES },
  /** Mails a person has the portal send on their behalf, such as a link to their clinic. */
  mailUser: { bucket: 'mail:user', limit: 3, windowMs: FIFTEEN_MINUTES },
  /** Openings of the links patients mail to their clinic, from one address (ADR 026). */
  clinicShareIp: { bucket: 'clinic-share:ip', limit: 60, windowMs: FIFTEEN_MINUTES },
  /** Kit ids typed by one person (look-ups and couple activations): ids cannot be guessed. */
  kitIdUser: { bucket: 'kit-id:user', limit: 30, windowMs: FIFTEEN_MINUTES },
  /** Return labels bought for one person (each is postage paid by the lab, ADR 044). */
  returnLabelUser: { bucket: 'return-label:user', limit: 10, windowMs: FIFTEEN_MINUTES },
} as const satisfies Record<string, RateLimitRule>;

export const TOO_MANY_REQUESTS = 'Too many attempts. Please wait 15 minutes and try again.';

/** Accounts are counted under a hash of their email, so the table holds no addresses. */
export function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
}

export function createRateLimiter(
  repository: RateLimitRepository,
  now: () => Date = () => new Date(),
) {
  const windowStart = (rule: RateLimitRule, at: Date) => new Date(at.getTime() - rule.windowMs);
  return {
    /** Counts one request; false when it is over the limit. */
    async consume(rule: RateLimitRule, key: string): Promise<boolean> {
      const at = now();
      return (
        (await repository.increment(rule.bucket, key, at, windowStart(rule, at))) <= rule.limit
      );
    },

    /** Counts one event (a failure) without deciding anything. */
    async record(rule: RateLimitRule, key: string): Promise<void> {
      const at = now();
      await repository.increment(rule.bucket, key, at, windowStart(rule, at));
    },

    /** True when the events counted in the current window have reached the limit. */
    async exhausted(rule: RateLimitRule, key: string): Promise<boolean> {
      return (await repository.current(rule.bucket, key, windowStart(rule, now()))) >= rule.limit;
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
