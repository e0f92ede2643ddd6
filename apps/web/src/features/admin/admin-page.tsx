import { Loader, Text } from '@mantine/core';
import { isPrimaryAdmin } from '@nestling/shared/rules';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { useCurrentUser } from '../session/use-current-user.ts';
import { AuditLog } from './audit-log.tsx';
import { UserSearch } from './user-search.tsx';

/**
 * /admin: the lab staff's page. Others see a calm sentence (the API refuses them anyway), and
 * nothing is asked of the server for them.
 */
export function AdminPage() {
  const user = useCurrentUser();
  const { brand } = useRuntimeConfig();

  if (user.isLoading) {
    return (
      <>
        <PageHeading title="Admin" />
        <Loader size="sm" role="status" aria-label="Loading" />
      </>
    );
  }
  if (user.data?.isAdminUser !== true) {
    return (
      <>
        <PageHeading title="Admin" />
        <Text>This page is for lab staff.</Text>
      </>
    );
  }
  return (
    <>
      <PageHeading
        title="Admin"
        lead="Find a patient and see the portal as they do. Every view is recorded in the audit log."
      />
      <UserSearch canImpersonate={isPrimaryAdmin(user.data, brand.companyDomain)} />
      <AuditLog />
    </>
  );
}
