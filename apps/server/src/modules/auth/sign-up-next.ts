import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Where a person signing up was going (a checked path on this site), for the confirmation link
 * mailed while better-auth makes the account: better-auth's hook gets only the new user, so the
 * sign-up route runs the identity provider inside this store and the hook reads it.
 */
export const signUpNext = new AsyncLocalStorage<string | undefined>();
