/** What other modules may use of impersonation (ADR 051): everything else here is its own. */
export { createImpersonationService } from './service.ts';
