import { Paper, Stack, Text, Title } from '@mantine/core';
import type { CoupleAccount } from '@nestling/shared/contract/orders';
import type { ReportSummary } from '@nestling/shared/contract/report-view';
import { formatUsDate, preconceptionTestName } from '@nestling/shared/products';
import { EMBRYO_TEST_NAME, usDateFromIsoDate } from '@nestling/shared/report-wording';
import { useId } from 'react';
import { ButtonLink } from '../../ui/button-link.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { partnerName, useCoupleReports } from '../reports/index.ts';
import classes from './embryo-reports.module.css';
import { NoEmbryoReport } from './no-embryo-report.tsx';
import { PageStatus } from '../../ui/page-status.tsx';

function partnerText(account: CoupleAccount): string {
  const name = partnerName(account);
  return name === null ? 'Your partner has not joined the account yet' : `With ${name}`;
}

/** One embryo report: its test, partner, version and sign-off, and the way in. */
export function EmbryoReportCard({
  account,
  summary,
}: {
  account: CoupleAccount;
  summary: ReportSummary;
}) {
  const headingId = useId();
  const signedOff = usDateFromIsoDate(summary.signedOffOn);
  return (
    <Paper component="article" withBorder p="md" aria-labelledby={headingId}>
      <Stack gap={6} align="flex-start">
        <Title order={2} size="h4" id={headingId}>
          {preconceptionTestName({ testType: summary.testType }, EMBRYO_TEST_NAME)}
        </Title>
        <Text>{partnerText(account)}</Text>
        <Text>
          Version {summary.version}, signed off on {signedOff}
        </Text>
        <Text size="sm" c="dimmed">
          Bought on {formatUsDate(account.purchaseDate)}. The lab&apos;s reference:{' '}
          {summary.labReportId}.
        </Text>
        <ButtonLink
          to="/reports/embryo"
          search={{ report: summary.id }}
          aria-label={`Open the embryo report signed off on ${signedOff}`}
          mt="xs"
        >
          Open the report
        </ButtonLink>
      </Stack>
    </Paper>
  );
}

/**
 * /reports/embryos: every embryo report on the person's couple accounts, newest account first
 * and each account's reports newest first, as GET /user lists them.
 */
export function EmbryoReportList() {
  const couple = useCoupleReports();
  if (couple.isPending || couple.isError) {
    return (
      <PageStatus
        title="Embryo reports"
        what="your embryo reports"
        failure={
          couple.isError
            ? {
                error: couple.error,
                retry: () => {
                  void couple.refetch();
                },
              }
            : undefined
        }
      />
    );
  }
  const reports = (couple.data?.accounts ?? []).flatMap((account) =>
    (account.embryoReports ?? []).map((summary) => ({ account, summary })),
  );
  if (reports.length === 0) return <NoEmbryoReport title="Embryo reports" />;
  return (
    <Stack gap="md">
      <PageHeading
        title="Embryo reports"
        lead="The lab's reports on your embryos, for you and your partner, newest first."
      />
      <ul className={classes.cards}>
        {reports.map(({ account, summary }) => (
          <li key={summary.id}>
            <EmbryoReportCard account={account} summary={summary} />
          </li>
        ))}
      </ul>
    </Stack>
  );
}
