/** What other modules may use of audit (ADR 051): everything else here is its own. */
export { createAuditRepository } from './repository.ts';
export type { AuditService } from './service.ts';
