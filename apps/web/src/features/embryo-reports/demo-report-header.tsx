import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { ReportAnswer } from '@nestling/shared/contract/report-view';
import {
  RESEARCH_USE_ONLY,
  RESEARCH_USE_ONLY_EXPLAINED,
  reportTestName,
  usDateFromIsoDate,
} from '@nestling/shared/report-wording';

/**
 * The top of a demo report page: like a patient's report header, but marked as sample data
 * everywhere it could be mistaken for a real result, and without the version picker and PDF
 * (a demo has one version and no stored report to render).
 */
export function DemoReportHeader({ title, answer }: { title: string; answer: ReportAnswer }) {
  const { report } = answer;
  const { test } = report.content;
  return (
    <Stack gap="md" mb="xl">
      <Stack gap={4}>
        <Group gap="sm" align="center">
          <Title order={1}>{title}</Title>
          <Badge size="lg" variant="filled">
            Sample data
          </Badge>
        </Group>
        <Text size="lg">{reportTestName(report.content)}</Text>
        <Text c="dimmed">
          Signed off on {usDateFromIsoDate(report.signedOffOn)}: {test.signedOffBy}
        </Text>
      </Stack>
      <Alert color="nestling" variant="outline" title="Sample data, not a real patient">
        This demo shows how an embryo report looks in the portal. The embryos, their results and the
        sign-off are made up; nothing on this page is about a real person.
      </Alert>
      {test.researchUseOnly && (
        <Alert color="nestling" variant="outline" title={RESEARCH_USE_ONLY}>
          {RESEARCH_USE_ONLY_EXPLAINED}
        </Alert>
      )}
    </Stack>
  );
}
