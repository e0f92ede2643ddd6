import { Alert, Stack, Table, Text, Title } from '@mantine/core';
import { diseaseReportedSex, getDisease } from '@nestling/shared/catalogue/diseases';
import { reportRiskAxisTicks } from '@nestling/shared/charts';
import type { CarrierMatch, JointReport } from '@nestling/shared/contract/report';
import type { ReportAnswer } from '@nestling/shared/contract/report-view';
import { inheritanceText, riskPercent } from '@nestling/shared/report-wording';
import { heldBackConditions } from '@nestling/shared/risk/reportable';
import { RangeChart } from '../charts/range-chart.tsx';
import { NotAccurateEnoughSection } from '../reports/not-accurate-enough.tsx';
import { ReportHeader } from '../reports/report-header.tsx';
import {
  ScreenedLists,
  TestDetailsSection,
  VariantFindingsTable,
} from '../reports/report-sections.tsx';
import { ScrollRegion } from '../reports/scroll-region.tsx';
import type { ReportSource } from '../reports/use-report.ts';
import classes from '../reports/reports.module.css';

/** Whom a population average is of: a woman's or a man's for a sex-specific condition. */
function averagePerson(code: string): string {
  const sex = diseaseReportedSex(code);
  return sex === 'female' ? 'woman' : sex === 'male' ? 'man' : 'person';
}

/** 0.25 -> '1 in 4 (25.0%)'; a chance that is not 1 in a whole number says only the percent. */
export function childChanceText(chance: number): string {
  const oneIn = 1 / chance;
  const whole = Math.round(oneIn);
  const percent = riskPercent(chance);
  return Math.abs(oneIn - whole) < 0.01 ? `1 in ${String(whole)} (${percent})` : percent;
}

function CarrierMatchesTable({ matches }: { matches: readonly CarrierMatch[] }) {
  if (matches.length === 0) {
    return (
      <Alert color="green" title="No shared carrier finding">
        The lab found no condition for which you both carry a variant, in the genes screened. A
        child is therefore not expected to inherit a condition from two carrier parents for these
        genes.
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Text>
        You both carry a variant for{' '}
        {matches.length === 1 ? 'one condition' : `${String(matches.length)} conditions`}. Carriers
        are usually healthy; the chance below is the chance that a child inherits a variant from
        each of you and is affected. A genetic counsellor can talk you through what it means and
        what options you have.
      </Text>
      <ScrollRegion label="Conditions you both carry">
        <Table captionSide="top" striped>
          <Table.Caption className={classes.caption}>Conditions you both carry</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Condition</Table.Th>
              <Table.Th scope="col">Chance for each child</Table.Th>
              <Table.Th scope="col">Gene</Table.Th>
              <Table.Th scope="col">Mother&apos;s variant</Table.Th>
              <Table.Th scope="col">Father&apos;s variant</Table.Th>
              <Table.Th scope="col">Inheritance</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {matches.map((match) => (
              <Table.Tr key={`${match.gene}-${match.condition}`}>
                <Table.Th scope="row">{match.condition}</Table.Th>
                <Table.Td>{childChanceText(match.childChance)}</Table.Td>
                <Table.Td>{match.gene}</Table.Td>
                <Table.Td className={classes.variant}>{match.motherVariant}</Table.Td>
                <Table.Td className={classes.variant}>{match.fatherVariant}</Table.Td>
                <Table.Td>{inheritanceText(match.inheritance)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
    </Stack>
  );
}

/** A joint report in full: what you could pass on together first, then each of you. */
export function JointReportView({
  answer,
  content,
  source,
  onVersionChange,
}: {
  answer: ReportAnswer;
  content: JointReport;
  source: ReportSource;
  onVersionChange: (version: number | undefined) => void;
}) {
  const heldBack = heldBackConditions(content);
  return (
    <Stack gap="xl">
      <ReportHeader
        title="Joint report"
        answer={answer}
        source={source}
        onVersionChange={onVersionChange}
      />
      <Stack gap="md">
        <Title order={2}>Conditions you could pass on together</Title>
        <CarrierMatchesTable matches={content.carrierMatches} />
      </Stack>
      <Stack gap="md">
        <Title order={2}>Your future children&apos;s risk of common conditions</Title>
        <Text>
          Children inherit a different mix of their parents&apos; genes, so their risks differ. Each
          chart shows the range of lifetime risk most of your children would fall in and the risk to
          expect; under it is the average person&apos;s risk.
        </Text>
        <div className={classes.chartPair}>
          {content.childRisk.map((range) =>
            heldBack.has(range.code) ? (
              // No range drawn: the score explains too little (ADR 030).
              <section key={range.code} aria-label={getDisease(range.code).name}>
                <Text fw={700} mb="xs">
                  {getDisease(range.code).name}
                </Text>
                <NotAccurateEnoughSection code={range.code} model={range.model} />
              </section>
            ) : (
              <div key={range.code}>
                <RangeChart
                  entry={getDisease(range.code)}
                  childRiskRange={{
                    lowPercent: range.lower * 100,
                    expectedPercent: range.expected * 100,
                    highPercent: range.upper * 100,
                  }}
                  populationPercent={range.populationRisk * 100}
                  axisTicks={reportRiskAxisTicks(content)}
                />
                <Text size="sm">
                  The average {averagePerson(range.code)}&apos;s lifetime risk is{' '}
                  {riskPercent(range.populationRisk)}.
                </Text>
              </div>
            ),
          )}
        </div>
        <Text size="sm" c="dimmed">
          Each range holds about {Math.round((content.childRisk[0]?.coverage ?? 0.95) * 100)} in 100
          of the children the lab simulated for you.
        </Text>
      </Stack>
      <Stack gap="md">
        <Title order={2}>Each partner&apos;s single-gene findings</Title>
        <VariantFindingsTable
          caption="Mother's findings"
          findings={content.mother.monogenic}
          empty="Mother: no variant was found in the genes screened."
        />
        <VariantFindingsTable
          caption="Father's findings"
          findings={content.father.monogenic}
          empty="Father: no variant was found in the genes screened."
        />
      </Stack>
      <ScreenedLists genes={content.genes} variants={content.variants} />
      <TestDetailsSection test={content.test} />
    </Stack>
  );
}
