/** What other modules may use of stripe (ADR 051): everything else here is its own. */
export { isTransientDatabaseError } from './routes.ts';
