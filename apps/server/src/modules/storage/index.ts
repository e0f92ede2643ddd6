/** What other modules may use of storage (ADR 051): everything else here is its own. */
export { FileNotFoundError, readWhole, storedKey } from './file-store.ts';
export type { FileStore } from './file-store.ts';
export type { UploadArea } from './upload-area.ts';
