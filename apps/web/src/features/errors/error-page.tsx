import type { User } from '@nestling/shared/contract/user';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';
import { DebugError } from './debug-error.tsx';
import { GenericError } from './generic-error.tsx';

export interface ErrorPageProps {
  /** The signed-in user, when known: admins get the debug page. */
  user?: User | null | undefined;
  /** The `email` query of the page that failed (the report an admin asked for). */
  reportEmail?: string | undefined;
  error?: unknown;
  homeLabel?: string | undefined;
}

/** The error page: the generic one, or the debug page for admin users. */
export function ErrorPage({ user, reportEmail, error, homeLabel }: ErrorPageProps) {
  const { brand } = useRuntimeConfig();
  if (user?.isAdminUser) {
    return (
      <DebugError
        userEmail={user.email}
        reportEmail={reportEmail}
        message={error instanceof Error ? error.message : undefined}
        supportEmail={brand.supportEmail}
        homeLabel={homeLabel}
      />
    );
  }
  return <GenericError supportEmail={brand.supportEmail} homeLabel={homeLabel} />;
}
