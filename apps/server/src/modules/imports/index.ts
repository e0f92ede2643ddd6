/** What other modules may use of imports (ADR 051): everything else here is its own. */
export { NO_CALL } from './formats.ts';
export { genotypeBatches } from './genotype-reader.ts';
export type { GenotypeRow, VcfHeaderLines } from './genotype-reader.ts';
export { createImportsRepository } from './repository.ts';
export type { ImportsRepository } from './repository.ts';
export { IMPORT_NOT_FOUND } from './service.ts';
