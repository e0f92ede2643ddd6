import { Alert, Stack, Text, Title } from '@mantine/core';
import { ORDERS_NOT_ATTACHED } from '@nestling/shared/contract/orders';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { PageStatus } from '../../ui/page-status.tsx';
import { useCoupleReports, useReport, type ReportSource } from '../reports/index.ts';
import { JointReportView } from './joint-report-view.tsx';

function NoJointReport({ ordersMissing }: { ordersMissing: boolean }) {
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>Joint report</Title>
      {ordersMissing ? (
        <Alert color="yellow" title={ORDERS_NOT_ATTACHED}>
          Both partners&apos; kits must be attached to your couple account before the lab can
          prepare a joint report. Activate your kit, and ask your partner to activate theirs.
        </Alert>
      ) : (
        <Text size="lg">
          The lab has not delivered a joint report for you yet. It appears here, and we email you,
          as soon as it is signed off.
        </Text>
      )}
      <AnchorLink to="/reports" search={{ tab: 'joint' }}>
        Back to your reports
      </AnchorLink>
    </Stack>
  );
}

/**
 * /reports/joint: the joint report named by `report`, or the preferred couple account's newest
 * one. Only the couple's own reports are listed; any other id answers 404 from the server.
 */
export function JointReportPage({
  reportId,
  version,
  onVersionChange,
}: {
  reportId: string | undefined;
  version: number | undefined;
  onVersionChange: (version: number | undefined) => void;
}) {
  const couple = useCoupleReports();
  const newest = couple.data?.preconceptionReports?.[0]?.id;
  const id = reportId ?? newest;
  const source: ReportSource | undefined = id === undefined ? undefined : { by: 'report', id };
  const report = useReport(source, version);

  if (reportId === undefined && couple.isPending)
    return <PageStatus title="Joint report" what="your joint report" />;
  if (reportId === undefined && couple.isError) {
    return (
      <PageStatus
        title="Joint report"
        what="your joint report"
        failure={{ error: couple.error, retry: () => void couple.refetch() }}
      />
    );
  }
  if (source === undefined) {
    const account = couple.data?.account ?? null;
    const ordersMissing =
      account !== null && (account.motherOrder === null || account.fatherOrder === null);
    return <NoJointReport ordersMissing={ordersMissing} />;
  }
  if (report.isPending) return <PageStatus title="Joint report" what="your joint report" />;
  if (report.isError) {
    return (
      <PageStatus
        title="Joint report"
        what="your joint report"
        failure={{ error: report.error, retry: () => void report.refetch() }}
      />
    );
  }
  const { content } = report.data.report;
  if (content.kind !== 'joint') {
    return <Text role="alert">This report is not a joint report.</Text>;
  }
  return (
    <JointReportView
      answer={report.data}
      content={content}
      source={source}
      onVersionChange={onVersionChange}
    />
  );
}
