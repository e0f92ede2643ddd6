/** What other modules may use of documents (ADR 051): everything else here is its own. */
export { createDocumentsRepository } from './repository.ts';
export type { DocumentRow, DocumentsRepository, NewDocumentRow } from './repository.ts';
