/** What other modules may use of sensitive results (ADR 051): everything else here is its own. */
export { createSensitiveResultsRepository } from './repository.ts';
export { createSensitiveResultsService } from './service.ts';
export type { ContentForReader } from './service.ts';
