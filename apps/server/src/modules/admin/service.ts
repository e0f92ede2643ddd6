import { ADMIN_USERS_DEFAULT_LIMIT, type AdminUser } from '@nestling/shared/contract/admin';
import type { AdminRepository } from './repository.ts';

/** The lab staff's user search (admins only; the routes check). */
export function createAdminService(repository: AdminRepository) {
  return {
    async searchUsers(options: {
      q?: string | undefined;
      limit?: number | undefined;
    }): Promise<AdminUser[]> {
      const q = options.q?.trim();
      const rows = await repository.searchUsers({
        q: q === undefined || q === '' ? undefined : q,
        limit: options.limit ?? ADMIN_USERS_DEFAULT_LIMIT,
      });
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },

    /** Turns My Data on or off for one person; null when there is no such user. */
    async setDataPortal(userId: string, enabled: boolean): Promise<AdminUser | null> {
      const row = await repository.setDataPortal(userId, enabled);
      return row === null ? null : { ...row, createdAt: row.createdAt.toISOString() };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
