import type { CurrentUser } from '@nestling/shared/contract/user';
import { ImpersonationBar } from './impersonation-bar.tsx';
import { ViewAsBar } from './view-as-bar.tsx';

/**
 * The bars above every page for lab staff: impersonation (signed in as a patient) and view-as
 * (an admin with ?as_user= or ?email=). Loaded only when one of them shows.
 */
export function AdminBars({ user, viewAs }: { user: CurrentUser; viewAs: string | undefined }) {
  return (
    <>
      {user.impersonatedBy != null && <ImpersonationBar user={user} />}
      {user.isAdminUser && viewAs !== undefined && <ViewAsBar asUser={viewAs} />}
    </>
  );
}
