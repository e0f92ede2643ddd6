import { Stack, Text, Title } from '@mantine/core';
import { formatUsDate, preconceptionTestName } from '@nestling/shared/products';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { PageStatus } from '../../ui/page-status.tsx';
import { useIndividualOrders, useReport, type ReportSource } from '../reports/index.ts';
import { IndividualReportView } from './individual-report-view.tsx';

/**
 * /reports/individual: the report of `order`, or of the preferred individual order (spec
 * section 9: remembered in a cookie) when none is named.
 */
export function IndividualReportPage({
  order,
  version,
  onVersionChange,
}: {
  order: string | undefined;
  version: number | undefined;
  onVersionChange: (version: number | undefined) => void;
}) {
  const orders = useIndividualOrders(order);
  const chosen = orders.data?.order ?? null;
  const source: ReportSource | undefined =
    chosen?.report != null ? { by: 'order', id: chosen.id } : undefined;
  const report = useReport(source, version);

  if (orders.isPending)
    return <PageStatus title="Individual report" what="your individual report" />;
  if (orders.isError) {
    return (
      <PageStatus
        title="Individual report"
        what="your individual report"
        failure={{ error: orders.error, retry: () => void orders.refetch() }}
      />
    );
  }
  if (chosen === null || chosen.report == null) {
    return (
      <Stack gap="md" align="flex-start">
        <Title order={1}>Individual report</Title>
        <Text size="lg">
          {chosen === null
            ? 'You have no individual test yet.'
            : `Your ${preconceptionTestName({ testType: chosen.testType, individual: true })}, bought on ${formatUsDate(chosen.purchaseDate)}, has no report yet.`}
        </Text>
        <Text>
          {chosen === null
            ? 'When you buy an individual test, its report appears here once the lab has signed it off.'
            : chosen.activatedAt === null
              ? 'Activate your kit and send your sample back; the lab delivers the report once it has been analyzed and signed off.'
              : 'The lab is working on your sample. The report appears here as soon as it is signed off, and we email you.'}
        </Text>
        <AnchorLink to="/reports" search={{ tab: 'individual' }}>
          Back to your reports
        </AnchorLink>
      </Stack>
    );
  }
  if (report.isPending)
    return <PageStatus title="Individual report" what="your individual report" />;
  if (report.isError) {
    return (
      <PageStatus
        title="Individual report"
        what="your individual report"
        failure={{ error: report.error, retry: () => void report.refetch() }}
      />
    );
  }
  const { content } = report.data.report;
  if (content.kind !== 'individual' || source === undefined) {
    return <Text role="alert">This report is not an individual report.</Text>;
  }
  return (
    <IndividualReportView
      answer={report.data}
      content={content}
      source={source}
      onVersionChange={onVersionChange}
    />
  );
}
