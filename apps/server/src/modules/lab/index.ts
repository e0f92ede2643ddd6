/** What other modules may use of lab (ADR 051): everything else here is its own. */
export { labKeyGuard } from './routes.ts';
