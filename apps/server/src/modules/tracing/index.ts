/** What other modules may use of tracing (ADR 051): everything else here is its own. */
export { inJobSpan } from './spans.ts';
