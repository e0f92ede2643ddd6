import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { document, documentSession } from './schema.ts';

export type DocumentRow = typeof document.$inferSelect;
export type NewDocumentRow = typeof document.$inferInsert & { id: string };

/** A person's documents and the one-time links that show them. */
export function createDocumentsRepository(db: Database) {
  return {
    /** False, changing nothing, when the id is taken. */
    async insert(row: NewDocumentRow): Promise<boolean> {
      const rows = await db
        .insert(document)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: document.id });
      return rows.length > 0;
    },

    /** Newest first, a day's by title; with `reportId`, only that report's. */
    async list(userId: string, reportId: string | undefined): Promise<DocumentRow[]> {
      return db
        .select()
        .from(document)
        .where(
          and(
            eq(document.userId, userId),
            reportId === undefined ? undefined : eq(document.reportId, reportId),
          ),
        )
        .orderBy(desc(document.date), asc(document.title), asc(document.id));
    },

    async find(id: string): Promise<DocumentRow | null> {
      const rows = await db.select().from(document).where(eq(document.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async insertSession(row: typeof documentSession.$inferInsert) {
      await db.insert(documentSession).values(row);
    },

    /**
     * Spends a link: marks it used if it is unused and unexpired, in one statement, so two
     * requests racing on one link cannot both get the file. The document, or null.
     */
    async spendSession(tokenHash: string, at: Date): Promise<DocumentRow | null> {
      const spent = await db
        .update(documentSession)
        .set({ usedAt: at })
        .where(
          and(
            eq(documentSession.tokenHash, tokenHash),
            isNull(documentSession.usedAt),
            gt(documentSession.expiresAt, at),
          ),
        )
        .returning({ documentId: documentSession.documentId });
      const documentId = spent[0]?.documentId;
      if (documentId === undefined) return null;
      const rows = await db.select().from(document).where(eq(document.id, documentId)).limit(1);
      return rows[0] ?? null;
    },
  };
}

export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
