import { List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { TestDetails, VariantFinding } from '@nestling/shared/contract/report';
import {
  ancestryText,
  classificationText,
  inheritanceText,
  testTypeText,
  usDateFromIsoDate,
  zygosityText,
} from '@nestling/shared/report-wording';
import { OpenableSection } from './openable-sections.tsx';
import { SCREENED_ID, TEST_ID } from './report-contents.tsx';
import { ScrollRegion } from './scroll-region.tsx';
import classes from './reports.module.css';
import { VariantName } from '../../ui/variant-name.tsx';

/*
 * Sections every report shares: single-gene findings, what was screened, and how the test was
 * done. Tables scroll sideways inside their own labeled region on a phone.
 */

/** Single-gene findings in words: gene, condition, variant, copies, classification, inheritance. */
export function VariantFindingsTable({
  caption,
  findings,
  empty,
}: {
  caption: string;
  findings: readonly VariantFinding[];
  /** Said instead of the table when there is no finding. */
  empty: string;
}) {
  if (findings.length === 0) return <Text>{empty}</Text>;
  return (
    <ScrollRegion label={caption}>
      <Table captionSide="top" striped>
        <Table.Caption className={classes.caption}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Condition</Table.Th>
            <Table.Th scope="col">Gene</Table.Th>
            <Table.Th scope="col">Variant</Table.Th>
            <Table.Th scope="col">Copies</Table.Th>
            <Table.Th scope="col">Classification</Table.Th>
            <Table.Th scope="col">Inheritance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {findings.map((finding) => (
            <Table.Tr key={`${finding.gene}-${finding.variant}`}>
              <Table.Th scope="row">{finding.condition}</Table.Th>
              <Table.Td>{finding.gene}</Table.Td>
              <Table.Td>
                <VariantName name={finding.variant} />
              </Table.Td>
              <Table.Td>{zygosityText(finding.zygosity)}</Table.Td>
              <Table.Td>{classificationText(finding.classification)}</Table.Td>
              <Table.Td>{inheritanceText(finding.inheritance)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** The genes and variants the lab looked at: long lists, folded away until asked for. */
export function ScreenedLists({
  genes,
  variants,
  heading = true,
}: {
  genes: readonly { gene: string; condition: string }[];
  variants: readonly { gene: string; variant: string; panel: string }[];
  /** False inside a section that has the heading already. */
  heading?: boolean;
}) {
  return (
    <Stack gap="sm">
      {heading && <Title order={2}>What was screened</Title>}
      <Text>
        The lab looked at {genes.length} {genes.length === 1 ? 'gene' : 'genes'} for single-gene
        conditions and {variants.length} specific {variants.length === 1 ? 'variant' : 'variants'}.
        A finding is reported only where one was found.
      </Text>
      {genes.length > 0 && (
        <details className={classes.details}>
          <summary>Show the {genes.length} genes screened</summary>
          <List size="sm" mt="xs">
            {genes.map((entry) => (
              <List.Item key={entry.gene}>
                {entry.gene}: {entry.condition}
              </List.Item>
            ))}
          </List>
        </details>
      )}
      {variants.length > 0 && (
        <details className={classes.details}>
          <summary>Show the {variants.length} variants screened</summary>
          <List size="sm" mt="xs">
            {variants.map((entry) => (
              <List.Item key={`${entry.gene}-${entry.variant}`}>
                {entry.gene} <VariantName name={entry.variant} /> ({entry.panel} panel)
              </List.Item>
            ))}
          </List>
        </details>
      )}
    </Stack>
  );
}

/**
 * How the test was done, and how far its scores can be trusted for each person tested: an ancestry
 * the scores are not calibrated for is said in bold words.
 */
export function TestDetailsSection({
  test,
  heading = true,
}: {
  test: TestDetails;
  /** False inside a section that has the heading already. */
  heading?: boolean;
}) {
  return (
    <Paper withBorder p="md">
      {heading && (
        <Title order={2} mb="sm">
          About this test
        </Title>
      )}
      <dl className={classes.facts}>
        <dt>Test</dt>
        <dd>{testTypeText(test.testType)}</dd>
        <dt>Mean sequencing depth</dt>
        <dd>{test.coverage.toFixed(1)}×</dd>
        <dt>Reference genome</dt>
        <dd>{test.genomeBuild}</dd>
        <dt>Ancestry</dt>
        <dd>
          {test.ancestry.map((entry) => (
            <Text key={entry.person} fw={entry.calibrated ? undefined : 700}>
              {ancestryText(entry)}
            </Text>
          ))}
        </dd>
        <dt>Signed off</dt>
        <dd>
          {usDateFromIsoDate(test.signedOffOn)} by {test.signedOffBy}
        </dd>
      </dl>
    </Paper>
  );
}

/** What was screened, as a section of a long report that opens on demand. */
export function ScreenedSection({
  genes,
  variants,
}: {
  genes: readonly { gene: string; condition: string }[];
  variants: readonly { gene: string; variant: string; panel: string }[];
}) {
  return (
    <OpenableSection
      id={SCREENED_ID}
      level={2}
      title="What was screened"
      gist={`${String(genes.length)} ${genes.length === 1 ? 'gene' : 'genes'} for single-gene conditions and ${String(variants.length)} specific ${variants.length === 1 ? 'variant' : 'variants'}`}
    >
      {() => <ScreenedLists genes={genes} variants={variants} heading={false} />}
    </OpenableSection>
  );
}

/**
 * About this test, as a section of a long report that opens on demand. Scores not calibrated
 * for someone's ancestry are said in the line under its heading too: closed, it still warns.
 */
export function TestDetailsOpenable({ test }: { test: TestDetails }) {
  const uncalibrated = test.ancestry.some((entry) => !entry.calibrated);
  return (
    <OpenableSection
      id={TEST_ID}
      level={2}
      title="About this test"
      gist={
        <>
          {testTypeText(test.testType)}, signed off on {usDateFromIsoDate(test.signedOffOn)}.
          {uncalibrated && (
            <strong>
              {' '}
              The scores are not calibrated for an ancestry found: open for what it means.
            </strong>
          )}
        </>
      }
    >
      {() => <TestDetailsSection test={test} heading={false} />}
    </OpenableSection>
  );
}
