/** What other modules may use of my data (ADR 051): everything else here is its own. */
export { requireDataPortal } from './guard.ts';
