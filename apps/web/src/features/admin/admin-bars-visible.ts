import type { CurrentUser } from '@nestling/shared/contract/user';

/**
 * Whether the admin bars have anything to show: decided before their code loads, so that pages
 * without them (every patient's, /signin) never load it.
 */
export function adminBarsVisible(
  user: CurrentUser | undefined,
  viewAs: string | undefined,
): boolean {
  return (
    user !== undefined &&
    (user.impersonatedBy != null || (user.isAdminUser && viewAs !== undefined))
  );
}
