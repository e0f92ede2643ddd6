import { FileNotFoundError, storedKey, type FileStore } from '../storage/index.ts';
import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DOCUMENT_LINK_INVALID,
  DOCUMENT_LINK_SECONDS,
  DOCUMENT_NOT_FOUND,
  type Document,
  type DocumentSession,
} from '@nestling/shared/contract/document';
import type { UserRow } from '../auth/schema.ts';
import type { DocumentRow, DocumentsRepository } from './repository.ts';
import { Refusal } from '../../lib/refusal.ts';

function toDocument(row: DocumentRow): Document {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    date: row.date,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    reportId: row.reportId,
  };
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Documents: listing, and one-time links. A link is 32 random bytes; only its SHA-256 is
 * stored, so the table cannot be read back into working links. The file's path never leaves
 * the server.
 */
export function createDocumentsService(deps: {
  repository: DocumentsRepository;
  /** Where the documents' files are (ADR 023). */
  fileStore: FileStore;
  now?: () => Date;
}) {
  const { repository, fileStore } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async list(subject: UserRow, reportId: string | undefined): Promise<Document[]> {
      return (await repository.list(subject.id, reportId)).map(toDocument);
    },

    /** A link to one of the subject's documents; anyone else's is 404 like an unknown id. */
    async createSession(
      subject: UserRow,
      documentId: string,
      createdBy: string,
    ): Promise<DocumentSession> {
      const row = await repository.find(documentId);
      if (row?.userId !== subject.id) throw new Refusal(404, DOCUMENT_NOT_FOUND);
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now().getTime() + DOCUMENT_LINK_SECONDS * 1000);
      await repository.insertSession({
        tokenHash: hashToken(token),
        documentId,
        createdBy,
        expiresAt,
      });
      return { url: `/api/documents/view/${token}`, expiresAt: expiresAt.toISOString() };
    },

    /** Spends the link and opens the file; an expired, used or unknown link is 404. */
    async open(token: string): Promise<{ document: Document; stream: Readable; size: number }> {
      const row = await repository.spendSession(hashToken(token), now());
      if (row === null) throw new Refusal(404, DOCUMENT_LINK_INVALID);
      const key = storedKey(row.storagePath);
      const info = key === null ? null : await fileStore.stat(key);
      if (key === null || info === null) throw new Refusal(404, DOCUMENT_NOT_FOUND);
      try {
        return { document: toDocument(row), stream: await fileStore.get(key), size: info.size };
      } catch (error) {
        // Removed between the two calls.
        if (error instanceof FileNotFoundError) throw new Refusal(404, DOCUMENT_NOT_FOUND);
        throw error;
      }
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
