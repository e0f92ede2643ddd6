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
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
