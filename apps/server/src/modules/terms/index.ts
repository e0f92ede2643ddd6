/** What other modules may use of terms (ADR 051): everything else here is its own. */
export { termsStatus } from './status.ts';
export type { TermsStatus } from './status.ts';
