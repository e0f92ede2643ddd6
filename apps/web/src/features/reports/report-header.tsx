import { Alert, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReportAnswer } from '@nestling/shared/contract/report-view';
import {
  RESEARCH_USE_ONLY,
  RESEARCH_USE_ONLY_EXPLAINED,
  reportTestName,
  usDateFromIsoDate,
} from '@nestling/shared/report-wording';
import { SensitiveResultsPanel } from '../sensitive-results/index.ts';
import { DownloadPdfButton } from './download-pdf-button.tsx';
import { ReportChangesCallout } from './report-changes.tsx';
import type { ReportSource } from './use-report.ts';
import classes from './reports.module.css';

/** The PDF's file name: kind, the lab's id and the version, safe on every system. */
export function pdfFileName(answer: ReportAnswer): string {
  const { kind, labReportId, version } = answer.report;
  return `${kind}-report-${labReportId.replace(/[^\w.-]/g, '-')}-v${String(version)}.pdf`;
}

/**
 * The top of every report page: its heading, the test's name (spec section 9's suffixes), the
 * version on screen with its sign-off, earlier versions with what changed (since the version
 * the person last opened, when that was an earlier one: ADR 029), the research-use-only
 * marking, the PDF download, and the results held back until the person chooses (ADR 022).
 */
export function ReportHeader({
  title,
  answer,
  source,
  onVersionChange,
}: {
  title: string;
  answer: ReportAnswer;
  source: ReportSource;
  /** Opens another version; undefined opens the latest. */
  onVersionChange: (version: number | undefined) => void;
}) {
  const { report, versions } = answer;
  const { test } = report.content;
  const isLatest = report.version === report.latestVersion;
  return (
    <Stack gap="md">
      {/* The title on the left; the version and the PDF beside it on a wide screen. */}
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text size="lg">{reportTestName(report.content)}</Text>
          <Text c="dimmed">
            Version {report.version} of {report.latestVersion}, signed off on{' '}
            {usDateFromIsoDate(report.signedOffOn)} by {test.signedOffBy}
          </Text>
        </Stack>
        <Group align="flex-end" gap="md" className={classes.screenOnly}>
          {versions.length > 1 && (
            <NativeSelect
              label="Version"
              value={String(report.version)}
              onChange={(event) => {
                const chosen = Number(event.currentTarget.value);
                onVersionChange(chosen === report.latestVersion ? undefined : chosen);
              }}
              data={versions.map((entry) => ({
                value: String(entry.version),
                label: `Version ${String(entry.version)}, ${usDateFromIsoDate(entry.signedOffOn)}${
                  entry.version === report.latestVersion ? ' (latest)' : ''
                }`,
              }))}
            />
          )}
          <DownloadPdfButton
            source={source}
            version={report.version}
            fileName={pdfFileName(answer)}
          />
        </Group>
      </Group>
      {test.researchUseOnly && (
        <Alert color="yellow" title={RESEARCH_USE_ONLY}>
          {RESEARCH_USE_ONLY_EXPLAINED}
        </Alert>
      )}
      {!isLatest && (
        <Alert color="yellow" title={`You are reading version ${String(report.version)}`}>
          The lab has amended this report since. Version {report.latestVersion} is the latest, and
          it is the one to rely on.
        </Alert>
      )}
      {answer.changes === undefined ? (
        report.changelog !== null && (
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb={4}>
              What changed in version {report.version}
            </Title>
            <Text>{report.changelog}</Text>
          </Paper>
        )
      ) : (
        <ReportChangesCallout changes={answer.changes} />
      )}
      {answer.sensitive !== undefined && (
        <SensitiveResultsPanel reportId={report.id} state={answer.sensitive} />
      )}
    </Stack>
  );
}
