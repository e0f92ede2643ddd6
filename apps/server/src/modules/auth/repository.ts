import { and, eq, like, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import { jwks, session, user, verification } from './schema.ts';

export type SessionRow = typeof session.$inferSelect;

const impersonatorSession = alias(session, 'impersonator_session');

/** The only code that reads or writes sessions and the portal's one-time codes with Drizzle. */
export function createAuthRepository(db: Database) {
  // Every authenticated request runs this: prepared once, so Drizzle builds its SQL only once.
  const sessionWithUser = db
    .select({ session, user, impersonatorSession })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(impersonatorSession, eq(impersonatorSession.id, session.impersonatorSessionId))
    .where(eq(session.id, sql.placeholder('id')))
    .limit(1)
    .prepare('session_with_user');

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

    /** Answers the confirmed address, or null when the account is gone. */
    async markEmailVerified(userId: string): Promise<string | null> {
      const rows = await db
        .update(user)
        .set({ emailVerified: true })
        .where(eq(user.id, userId))
        .returning({ email: user.email });
      return rows[0]?.email ?? null;
    },

    async findSession(id: string) {
      const rows = await db.select().from(session).where(eq(session.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /**
     * The session with its user and, under impersonation, the admin's own session: what every
     * authenticated request checks, in one query.
     */
    async findSessionWithUser(id: string) {
      const rows = await sessionWithUser.execute({ id });
      return rows[0] ?? null;
    },

    /** The access tokens' public keys (better-auth's JWT plugin writes them). */
    async listPublicKeys() {
      return db.select({ id: jwks.id, publicKey: jwks.publicKey, alg: jwks.alg }).from(jwks);
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
