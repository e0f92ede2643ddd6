import { and, eq, like } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { session, user, verification } from '../../db/schema.ts';

/** The only code that reads or writes sessions and the portal's one-time codes with Drizzle. */
export function createAuthRepository(db: Database) {
  return {
    /** Replaces the user's earlier codes of this kind: only the newest link works. */
    async replaceCode(row: {
      id: string;
      identifier: string;
      prefix: string;
      userId: string;
      expiresAt: Date;
    }) {
      await db.transaction(async (tx) => {
        await tx
          .delete(verification)
          .where(
            and(
              eq(verification.value, row.userId),
              like(verification.identifier, `${row.prefix}%`),
            ),
          );
        await tx.insert(verification).values({
          id: row.id,
          identifier: row.identifier,
          value: row.userId,
          expiresAt: row.expiresAt,
        });
      });
    },

    /**
     * Deletes a one-time code and returns it (any kind: its value is the kind's to read). Of
     * two concurrent uses, only one gets the row.
     */
    async consumeCode(identifier: string) {
      const rows = await db
        .delete(verification)
        .where(eq(verification.identifier, identifier))
        .returning({
          identifier: verification.identifier,
          value: verification.value,
          expiresAt: verification.expiresAt,
        });
      return rows[0] ?? null;
    },

    async markEmailVerified(userId: string) {
      await db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
    },

    async findSession(id: string) {
      const rows = await db.select().from(session).where(eq(session.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** Records activity: `updated_at` is the session's last use (better-auth never refreshes it). */
    async touchSession(id: string, at: Date) {
      await db.update(session).set({ updatedAt: at }).where(eq(session.id, id));
    },

    async deleteSession(id: string) {
      await db.delete(session).where(eq(session.id, id));
    },

    /** A session the portal starts itself (impersonation), in better-auth's own shape. */
    async insertSession(row: typeof session.$inferInsert) {
      await db.insert(session).values(row);
    },

    /** Deletes the session and returns it: of two concurrent calls, only one gets the row. */
    async takeSession(id: string) {
      const rows = await db.delete(session).where(eq(session.id, id)).returning();
      return rows[0] ?? null;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
