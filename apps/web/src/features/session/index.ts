/** What other features may use of session (ADR 051): everything else here is its own. */
export { currentUserQueryKey, currentUserQueryOptions } from './current-user-query.ts';
export { useCurrentUser } from './use-current-user.ts';
