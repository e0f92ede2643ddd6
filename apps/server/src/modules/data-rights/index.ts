/** What other modules may use of data rights (ADR 051): everything else here is its own. */
export { createDataRightsServiceFor } from './routes.ts';
