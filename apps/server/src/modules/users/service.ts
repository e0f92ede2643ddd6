import { normalizeEmail } from '@nestling/shared/contract/fields';
import { sexSchema, type CurrentUser, type User } from '@nestling/shared/contract/user';
import { fullName } from '@nestling/shared/rules';
import type { UserRow } from '../auth/schema.ts';
import type { TermsStatus } from '../terms/index.ts';
import type { UsersRepository } from './repository.ts';

/** Accounts with the demo flag, and lab staff, may open the demo reports. */
export function mayOpenDemoReports(user: Pick<UserRow, 'demoReports' | 'isAdminUser'>): boolean {
  return user.demoReports || user.isAdminUser;
}

/**
 * A stored user as the API returns it (spec section 3). `terms` are the derived flags
 * (termsStatus): the row's columns go stale when a new version is published, so every answer
 * that the portal's gates read passes them.
 */
export function toUser(row: UserRow, terms?: TermsStatus): User {
  const sex = sexSchema.safeParse(row.sex);
  return {
    id: row.id,
    name: { First: row.firstName, Last: row.lastName },
    email: row.email,
    phone: row.phone,
    sex: sex.success ? sex.data : null,
    birthday: { Month: row.birthMonth, Day: row.birthDay, Year: row.birthYear },
    emailVerified: row.emailVerified,
    isAdminUser: row.isAdminUser,
    enableDataPortal: row.enableDataPortal,
    healthSurveyStatus: row.healthSurveyStatus,
    tosAccepted: terms?.tosAccepted ?? row.tosAccepted,
    hipaaAccepted: terms?.hipaaAccepted ?? row.hipaaAccepted,
  };
}

export function createUsersService(repository: UsersRepository) {
  return {
    async getById(id: string): Promise<User | null> {
      const row = await repository.findById(id);
      return row === null ? null : toUser(row);
    },

    async getByEmail(email: string): Promise<User | null> {
      const row = await repository.findByEmail(normalizeEmail(email));
      return row === null ? null : toUser(row);
    },

    /**
     * GET /user/me: the signed-in user (the row read with the session), and the primary admin
     * impersonating them, if any.
     */
    async getCurrent(row: UserRow, impersonatedBy: string | null): Promise<CurrentUser> {
      const admin = impersonatedBy === null ? null : await repository.findById(impersonatedBy);
      const user = toUser(row, await repository.termsStatus(row.id));
      return {
        ...user,
        impersonatedBy:
          admin === null
            ? null
            : { id: admin.id, email: admin.email, name: fullName(toUser(admin)) ?? admin.name },
        demoReports: mayOpenDemoReports(row),
      };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
