import { Alert, Loader } from '@mantine/core';
import { DATA_PORTAL_OFF } from '@nestling/shared/contract/my-data';
import type { ReactNode } from 'react';
import { PageHeading } from '../../ui/page-heading.tsx';
import { PlannedPage } from '../../ui/planned-page.tsx';
import { useViewAs } from '../../lib/use-view-as.ts';
import { useCurrentUser } from '../session/index.ts';
import { isDataPortalOff, useMyDataJobs } from './use-my-data.ts';

function DataPortalOff({ title }: { title: string }) {
  return (
    <>
      <PageHeading title={title} />
      <Alert color="blue" title="My Data is off" role="status">
        {DATA_PORTAL_OFF}
      </Alert>
    </>
  );
}

/**
 * A My Data page (ADR 023): its content for people the lab turned My Data on for, and for
 * everyone else a plain word that it is off and who can turn it on. The server decides (the
 * person's flag, or the flag of the person an admin views as). The content (`children`) mounts
 * only once the server said yes, under the page's heading; a page without content yet shows
 * its heading and purpose (PlannedPage).
 */
export function MyDataPage({
  title,
  purpose,
  children,
}: {
  title: string;
  purpose: string;
  children?: ReactNode;
}) {
  const { data: me } = useCurrentUser();
  const viewAs = useViewAs() !== undefined;
  // The person's own flag says it is off: nothing to ask the server (whose 403 the browser
  // would log). Staff viewing as someone ask the server, which knows that person's flag.
  const off = !viewAs && me !== undefined && !me.enableDataPortal;
  const jobs = useMyDataJobs({ enabled: !off });
  let body: ReactNode = null;
  if (off) {
    body = <DataPortalOff title={title} />;
  } else if (jobs.isPending) {
    body = <Loader size="sm" role="status" aria-label="Loading My Data" />;
  } else if (jobs.isError) {
    body = isDataPortalOff(jobs.error) ? (
      <DataPortalOff title={title} />
    ) : (
      <>
        <PageHeading title={title} />
        <Alert color="red" title="My Data could not be loaded" role="alert">
          {jobs.error.message}
        </Alert>
      </>
    );
  } else if (children === undefined) {
    body = <PlannedPage title={title} purpose={purpose} />;
  } else {
    body = (
      <>
        <PageHeading title={title} lead={purpose} />
        {children}
      </>
    );
  }
  return body;
}
