import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { type HeldDataKind, type MyDataOverview } from '@nestling/shared/contract/data-rights';
import { Fragment, useId } from 'react';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { DownloadArchiveButton } from '../reports/index.ts';
import { bytesText } from './import-text.ts';
import factList from '../../ui/fact-list.module.css';
import classes from './my-data.module.css';
import { useMyDataOverview } from './use-data-rights.ts';

/** Each kind as the person knows it, and where they see it. */
const KINDS: Record<
  HeldDataKind,
  {
    label: string;
    to: '/reports' | '/health-survey' | '/my-data/imports' | '/my-data/exports' | '/clinics';
    tab?: 'documents';
    unit: [string, string];
  }
> = {
  reports: { label: 'Reports', to: '/reports', unit: ['report', 'reports'] },
  documents: {
    label: 'Documents',
    to: '/reports',
    tab: 'documents',
    unit: ['document', 'documents'],
  },
  surveys: { label: 'Health surveys', to: '/health-survey', unit: ['survey', 'surveys'] },
  imports: { label: 'Imported genetic data', to: '/my-data/imports', unit: ['file', 'files'] },
  exports: {
    label: 'Exports ready to download',
    to: '/my-data/exports',
    unit: ['export', 'exports'],
  },
  'clinic-sharing': {
    label: 'Links to your reports sent to your clinic',
    to: '/clinics',
    unit: ['link', 'links'],
  },
};

function HeldData({ held }: { held: MyDataOverview['held'] }) {
  return (
    <dl className={`${factList.facts} ${classes.heldFacts}`}>
      {held.map((entry) => {
        const kind = KINDS[entry.kind];
        const [one, many] = kind.unit;
        return (
          <Fragment key={entry.kind}>
            <dt>
              {kind.tab === undefined ? (
                <AnchorLink to={kind.to}>{kind.label}</AnchorLink>
              ) : (
                <AnchorLink to="/reports" search={{ tab: kind.tab }}>
                  {kind.label}
                </AnchorLink>
              )}
            </dt>
            <dd>
              {entry.count === 1 ? `1 ${one}` : `${entry.count.toLocaleString('en-US')} ${many}`}
              {entry.bytes !== null && entry.count > 0 && `, ${bytesText(entry.bytes)}`}
            </dd>
          </Fragment>
        );
      })}
    </dl>
  );
}

/**
 * /my-data: what the portal holds about the person, and downloading everything (ADR 027). The
 * research consent and deleting the account are everyone's, in account settings.
 */
export function DataRightsPage() {
  const overview = useMyDataOverview();
  const heldId = useId();
  const downloadId = useId();
  if (overview.isPending) return <Loader size="sm" role="status" aria-label="Loading" />;
  if (overview.isError) {
    return (
      <Alert color="red" role="alert">
        {overview.error.message}
      </Alert>
    );
  }
  const data = overview.data;
  return (
    <Stack gap="xl">
      <Stack component="section" aria-labelledby={heldId} gap="sm">
        <Title order={2} id={heldId}>
          What we hold about you
        </Title>
        <HeldData held={data.held} />
      </Stack>
      <Stack component="section" aria-labelledby={downloadId} gap="sm">
        <Title order={2} id={downloadId}>
          Download everything
        </Title>
        <DownloadArchiveButton />
        <Text size="sm">
          For your doctor’s systems, or your genetic data back as a file:{' '}
          <AnchorLink to="/my-data/exports">exports</AnchorLink>.
        </Text>
      </Stack>
      <Text size="sm">
        Your research consent and deleting your account are in{' '}
        <AnchorLink to="/account-settings">Account settings</AnchorLink>, under Your data and
        privacy.
      </Text>
    </Stack>
  );
}
