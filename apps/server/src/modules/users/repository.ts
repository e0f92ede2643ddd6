import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { account, user, type NewUserRow, type UserRow } from '../auth/schema.ts';
import { termsStatus, type TermsStatus } from '../terms/index.ts';

/** The only code that reads or writes users with Drizzle. */
export function createUsersRepository(db: Database) {
  return {
    async findById(id: string): Promise<UserRow | null> {
      const rows = await db.select().from(user).where(eq(user.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** `email` as stored: lower case, without surrounding spaces. */
    async findByEmail(email: string): Promise<UserRow | null> {
      const rows = await db.select().from(user).where(eq(user.email, email)).limit(1);
      return rows[0] ?? null;
    },

    /** The derived tosAccepted and hipaaAccepted: from the acceptances of the versions in force. */
    async termsStatus(id: string): Promise<TermsStatus> {
      return termsStatus(db, id);
    },

    async count(): Promise<number> {
      const rows = await db.select({ value: count() }).from(user);
      return rows[0]?.value ?? 0;
    },

    /**
     * Inserts a user with an email-and-password sign-in, stored the way better-auth's
     * credential provider reads it. Returns false, changing nothing, when the id or the
     * email is taken.
     */
    async insertWithPassword(row: NewUserRow & { id: string }, passwordHash: string) {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(user)
          .values(row)
          .onConflictDoNothing()
          .returning({ id: user.id });
        if (inserted.length === 0) return false;
        await tx.insert(account).values({
          id: `${row.id}-credential`,
          accountId: row.id,
          providerId: 'credential',
          userId: row.id,
          password: passwordHash,
        });
        return true;
      });
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
