/** What other modules may use of clinics (ADR 051): everything else here is its own. */
export { addressZipProblem } from './geo.ts';
export { createClinicsRepository } from './repository.ts';
export { createClinicsService } from './service.ts';
