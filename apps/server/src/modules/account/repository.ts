import { isUniqueViolation } from '../../db/errors.ts';
import { and, desc, eq, isNull, like, ne } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { account, session, user, verification } from '../auth/schema.ts';

export interface ProfileChanges {
  name: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  sex: string | null;
  birthMonth: number | null;
  birthDay: number | null;
  birthYear: number | null;
}

/** Every session of the user but `keepSessionId` (every one when it is null). */
function sessionsBut(userId: string, keepSessionId: string | null) {
  return keepSessionId === null
    ? eq(session.userId, userId)
    : and(eq(session.userId, userId), ne(session.id, keepSessionId));
}

/** The only code that reads or writes account settings, sessions and email-change codes. */
export function createAccountRepository(db: Database) {
  return {
    /** Sets the columns given; at least one. */
    async updateProfile(userId: string, changes: Partial<ProfileChanges>) {
      await db.update(user).set(changes).where(eq(user.id, userId));
    },

    /** The hash of the email-and-password sign-in, or null for an account without one. */
    async findPasswordHash(userId: string): Promise<string | null> {
      const rows = await db
        .select({ password: account.password })
        .from(account)
        .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
        .limit(1);
      return rows[0]?.password ?? null;
    },

    /** The new hash and the end of every session, together: no session outlives the change. */
    async setPasswordAndEndSessions(userId: string, passwordHash: string) {
      await db.transaction(async (tx) => {
        await tx
          .update(account)
          .set({ password: passwordHash })
          .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
        await tx.delete(session).where(eq(session.userId, userId));
      });
    },

    /** The user's own sessions, most recently used first; impersonations are not theirs. */
    async listSessions(userId: string) {
      return db
        .select({
          id: session.id,
          createdAt: session.createdAt,
          updatedAt: session.updatedAt,
          expiresAt: session.expiresAt,
          ipAddress: session.ipAddress,
          userAgent: session.userAgent,
        })
        .from(session)
        .where(and(eq(session.userId, userId), isNull(session.impersonatedBy)))
        .orderBy(desc(session.updatedAt));
    },

    /** Ends one of the user's own sessions; false when they have no such session. */
    async deleteSession(userId: string, sessionId: string): Promise<boolean> {
      const rows = await db
        .delete(session)
        .where(
          and(
            eq(session.id, sessionId),
            eq(session.userId, userId),
            isNull(session.impersonatedBy),
          ),
        )
        .returning({ id: session.id });
      return rows.length > 0;
    },

    /** Ends the user's own sessions but `keepSessionId`: the ones they see listed. */
    async deleteOtherSessions(userId: string, keepSessionId: string) {
      await db
        .delete(session)
        .where(and(sessionsBut(userId, keepSessionId), isNull(session.impersonatedBy)));
    },

    /**
     * Stores an email-change code (`value` is JSON: the user's id and the new email) and removes
     * the user's earlier ones: only the newest link works.
     */
    async replaceEmailChangeCode(row: {
      id: string;
      identifier: string;
      prefix: string;
      userId: string;
      newEmail: string;
      expiresAt: Date;
    }) {
      await db.transaction(async (tx) => {
        await tx.delete(verification).where(
          and(
            like(verification.identifier, `${row.prefix}%`),
            // The value starts with the user's id (JSON.stringify keeps key order). Matched as
            // text: a ::jsonb cast could be tried on other kinds of codes, whose value is not
            // JSON, before the prefix test rules them out.
            like(verification.value, `${JSON.stringify({ userId: row.userId }).slice(0, -1)},%`),
          ),
        );
        await tx.insert(verification).values({
          id: row.id,
          identifier: row.identifier,
          value: JSON.stringify({ userId: row.userId, newEmail: row.newEmail }),
          expiresAt: row.expiresAt,
        });
      });
    },

    /**
     * Sets the confirmed new email and ends the user's sessions but `keepSessionId`, together.
     * False, changing nothing, when another account took the email in the meantime.
     */
    async changeEmail(userId: string, newEmail: string, keepSessionId: string | null) {
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(user)
            .set({ email: newEmail, emailVerified: true })
            .where(eq(user.id, userId));
          await tx.delete(session).where(sessionsBut(userId, keepSessionId));
        });
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
