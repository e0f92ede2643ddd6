import { desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { user } from '../auth/schema.ts';

/** `%`, `_` and `\` match themselves: PostgreSQL's LIKE escapes with a backslash. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The admin module's Drizzle code: the lab staff's user search. */
export function createAdminRepository(db: Database) {
  const fullName = sql<string>`coalesce(${user.firstName}, '') || ' ' || coalesce(${user.lastName}, '')`;

  return {
    /**
     * Newest first. With `q`, users whose first name, last name, full name or email contains it,
     * ignoring case.
     */
    async searchUsers(options: { q: string | undefined; limit: number }) {
      const pattern = options.q === undefined ? null : `%${escapeLike(options.q)}%`;
      const query = db
        .select({
          id: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          isAdminUser: user.isAdminUser,
          emailVerified: user.emailVerified,
          enableDataPortal: user.enableDataPortal,
          createdAt: user.createdAt,
        })
        .from(user);
      const filtered =
        pattern === null
          ? query
          : query.where(
              or(
                ilike(user.firstName, pattern),
                ilike(user.lastName, pattern),
                ilike(fullName, pattern),
                ilike(user.email, pattern),
              ),
            );
      return filtered.orderBy(desc(user.createdAt), desc(user.id)).limit(options.limit);
    },

    /** Turns My Data on or off; the user's row afterwards, or null when there is none. */
    async setDataPortal(userId: string, enabled: boolean) {
      const [row] = await db
        .update(user)
        .set({ enableDataPortal: enabled })
        .where(eq(user.id, userId))
        .returning({
          id: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          isAdminUser: user.isAdminUser,
          emailVerified: user.emailVerified,
          enableDataPortal: user.enableDataPortal,
          createdAt: user.createdAt,
        });
      return row ?? null;
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
