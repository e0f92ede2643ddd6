/** What other features may use of documents (ADR 051): everything else here is its own. */
export { DocumentsList } from './documents-list.tsx';
export { useOpenDocument } from './use-documents.ts';
