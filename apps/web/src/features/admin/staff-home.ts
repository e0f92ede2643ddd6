import type { User } from '@nestling/shared/contract/user';

/**
 * Whether home ('/') sends this person on to /admin: lab staff have no patient page of their
 * own to land on after sign-in, unless they are viewing the portal as a patient.
 * Under impersonation the signed-in user is the patient, so the patient's home shows.
 */
export function homeIsAdmin(
  user: Pick<User, 'isAdminUser'> | null,
  viewAs: { as_user?: string | undefined; email?: string | undefined },
): boolean {
  return user?.isAdminUser === true && viewAs.as_user === undefined && viewAs.email === undefined;
}
