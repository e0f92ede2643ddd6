/** What other modules may use of archive (ADR 051): everything else here is its own. */
export { createArchiveServiceFor } from './routes.ts';
