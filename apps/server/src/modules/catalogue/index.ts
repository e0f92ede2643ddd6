/** What other modules may use of catalogue (ADR 051): everything else here is its own. */
export { createCatalogueRepository } from './repository.ts';
export { createCatalogueService, productName } from './service.ts';
export type { CatalogueService } from './service.ts';
