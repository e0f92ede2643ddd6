import { Alert, Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import type { ClinicShareAnswer } from '@nestling/shared/contract/clinics';
import { REPORT_KIND_TITLE, usDateFromIsoDate } from '@nestling/shared/report-wording';
import { IconDownload } from '@tabler/icons-react';
import { useId } from 'react';
import { PageHeading } from '../../ui/page-heading.tsx';
import { usDateOf } from '../../ui/us-date.ts';
import classes from './clinics.module.css';
import { useClinicShare, useSharedReportPdf } from './use-clinic-share.ts';

type SharedReport = ClinicShareAnswer['reports'][number];

function SharedReportCard({ token, report }: { token: string; report: SharedReport }) {
  const download = useSharedReportPdf(token);
  const headingId = useId();
  const title = REPORT_KIND_TITLE[report.kind];
  return (
    <Card withBorder component="li" aria-labelledby={headingId}>
      <Stack gap="xs" align="flex-start">
        <Title order={3} size="h4" id={headingId}>
          {title} {report.labReportId}
        </Title>
        <Text size="sm">
          For {report.people.join(' and ')} · version {String(report.version)}, signed off on{' '}
          {usDateFromIsoDate(report.signedOffOn)}
        </Text>
        {report.heldBack > 0 && (
          <Text size="sm">
            {report.heldBack === 1
              ? '1 sensitive result is'
              : `${String(report.heldBack)} sensitive results are`}{' '}
            left out: the patient has not yet chosen to see {report.heldBack === 1 ? 'it' : 'them'}.
          </Text>
        )}
        <Button
          variant="outline"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={download.isPending}
          aria-label={`Download ${title} ${report.labReportId} as PDF`}
          onClick={() => {
            download.mutate({
              reportId: report.id,
              fileName: `${report.kind}-report-${report.labReportId}-v${String(report.version)}.pdf`,
            });
          }}
        >
          Download PDF
        </Button>
        {download.isError && (
          <Alert color="red" role="alert">
            {download.error.message}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

/**
 * /clinic-share/{token}: what a clinic opens from the link a patient had mailed to it (ADR 026).
 * No sign-in: the link is the key, and it stops working when it expires or the patient stops
 * sharing.
 */
export function ClinicSharePage({ token }: { token: string }) {
  const share = useClinicShare(token);
  const listId = useId();
  const answer = share.data;
  return (
    <>
      <PageHeading
        title="Shared reports"
        lead={
          answer === undefined
            ? 'Reports a patient shares with their clinic.'
            : `Reports ${answer.patient.name} shares with ${answer.clinicName}.`
        }
      />
      {share.isPending && <Loader size="sm" role="status" aria-label="Loading" />}
      {share.isError && (
        <Alert color="yellow" role="alert">
          {share.error.message}
        </Alert>
      )}
      {answer !== undefined && (
        <Stack gap="md">
          <Card withBorder>
            <dl>
              <Text component="dt" fw={700} size="sm">
                Patient
              </Text>
              <Text component="dd" m={0} mb="xs">
                {answer.patient.name}
              </Text>
              <Text component="dt" fw={700} size="sm">
                Date of birth
              </Text>
              <Text component="dd" m={0} mb="xs">
                {answer.patient.dateOfBirth ?? 'Not given'}
              </Text>
              <Text component="dt" fw={700} size="sm">
                This link works until
              </Text>
              <Text component="dd" m={0}>
                {usDateOf(answer.expiresAt)}, or until the patient stops sharing
              </Text>
            </dl>
          </Card>
          <Title order={2} id={listId}>
            Reports
          </Title>
          {answer.reports.length === 0 ? (
            <Text>
              There is no report to share yet. A report shared by a couple appears once both
              partners share it with you.
            </Text>
          ) : (
            <ol className={classes.list} aria-labelledby={listId}>
              {answer.reports.map((report) => (
                <SharedReportCard key={report.id} token={token} report={report} />
              ))}
            </ol>
          )}
          <Text size="sm">
            Each download is recorded for the patient. Keep these reports within your clinic.
          </Text>
        </Stack>
      )}
    </>
  );
}
