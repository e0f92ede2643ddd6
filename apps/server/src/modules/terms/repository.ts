import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { user } from '../auth/schema.ts';
import { document } from '../documents/schema.ts';
import { termsAcceptance } from './schema.ts';
import type { NewDocumentRow } from '../documents/index.ts';

export type TermsAcceptanceRow = typeof termsAcceptance.$inferSelect;

/** Acceptances of the terms of service and the HIPAA notice. */
export function createTermsRepository(db: Database) {
  return {
    async listAcceptances(userId: string): Promise<TermsAcceptanceRow[]> {
      return db
        .select()
        .from(termsAcceptance)
        .where(eq(termsAcceptance.userId, userId))
        .orderBy(asc(termsAcceptance.acceptedAt));
    },

    /**
     * Records an acceptance once per person, document and version: accepting again keeps the
     * first. The row as stored, and whether it is new.
     */
    async insertAcceptance(
      row: typeof termsAcceptance.$inferInsert,
    ): Promise<{ row: TermsAcceptanceRow; created: boolean }> {
      const inserted = await db
        .insert(termsAcceptance)
        .values(row)
        .onConflictDoNothing()
        .returning();
      if (inserted[0] !== undefined) return { row: inserted[0], created: true };
      const existing = await db
        .select()
        .from(termsAcceptance)
        .where(
          and(
            eq(termsAcceptance.userId, row.userId),
            eq(termsAcceptance.document, row.document),
            eq(termsAcceptance.version, row.version),
          ),
        )
        .limit(1);
      if (existing[0] === undefined) throw new Error('The acceptance was neither stored nor found');
      return { row: existing[0], created: false };
    },

    /** The copy among the person's documents, linked from the acceptance. */
    async attachCopy(acceptanceId: string, copy: NewDocumentRow): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(document).values(copy).onConflictDoNothing();
        await tx
          .update(termsAcceptance)
          .set({ documentId: copy.id })
          .where(eq(termsAcceptance.id, acceptanceId));
      });
    },

    /** Mirrors the derived flags into the user table, which older readers may still look at. */
    async syncUserFlags(
      userId: string,
      flags: { tosAccepted: boolean; hipaaAccepted: boolean },
    ): Promise<void> {
      await db.update(user).set(flags).where(eq(user.id, userId));
    },
  };
}

export type TermsRepository = ReturnType<typeof createTermsRepository>;
