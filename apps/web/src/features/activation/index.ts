/** What other features may use of activation (ADR 051): everything else here is its own. */
export { MissingStepLinks } from './activate-page.tsx';
