import { Alert, Stack, Text, Title } from '@mantine/core';
import { diseaseReportedSex, getDisease } from '@nestling/shared/catalogue/diseases';
import { reportRiskAxisTicks } from '@nestling/shared/charts';
import type { CarrierMatch, JointReport } from '@nestling/shared/contract/report';
import type { ReportAnswer } from '@nestling/shared/contract/report-view';
import { inheritanceText, riskGist, riskPercent } from '@nestling/shared/report-wording';
import { heldBackConditions, NOT_ACCURATE_ENOUGH } from '@nestling/shared/risk/reportable';
import { RangeChart } from '../charts/index.ts';
import {
  CONDITIONS_ID,
  FINDINGS_ID,
  KeyPoints,
  NotAccurateEnoughSection,
  OpenableCard,
  OpenableCards,
  OpenableSection,
  OpenableSections,
  ReportContents,
  ReportHeader,
  SCREENED_ID,
  SUMMARY_ID,
  ScreenedSection,
  TEST_ID,
  TestDetailsOpenable,
  VariantFindingsTable,
  aboveAverageSentence,
  reportsClasses as classes,
  type ReportSource,
} from '../reports/index.ts';
import { VariantName } from '../../ui/variant-name.tsx';

/** '1 finding', 'no finding'. */
function findingCount(count: number): string {
  return count === 0 ? 'no finding' : count === 1 ? '1 finding' : `${String(count)} findings`;
}

/** The address of one condition's range chart. */
const childRiskAnchor = (code: string) => `child-risk-${code}`;

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

/**
 * Each condition both partners carry a variant for, as a callout: what it
 * means for a child, the variants, and what to do next, rather than a row in a table.
 */
function CarrierMatchCallouts({ matches }: { matches: readonly CarrierMatch[] }) {
  return (
    <Stack gap="sm">
      {matches.map((match) => (
        <Alert
          key={`${match.gene}-${match.condition}`}
          color="orange"
          variant="light"
          title={`You both carry a variant for ${match.condition}`}
        >
          <Stack gap={6}>
            <Text>
              <strong>Each child has a {childChanceText(match.childChance)} chance</strong> of
              inheriting a variant from each of you and being affected (
              {inheritanceText(match.inheritance).toLowerCase()}). Carriers themselves are usually
              healthy.
            </Text>
            <Text size="sm">
              Gene {match.gene}: mother <VariantName name={match.motherVariant} />, father{' '}
              <VariantName name={match.fatherVariant} />.
            </Text>
            <Text size="sm">
              <strong>What to do next:</strong> a genetic counselor can explain what this means and
              your options, such as testing embryos in IVF or testing during a pregnancy.
            </Text>
          </Stack>
        </Alert>
      ))}
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
  const reported = content.childRisk.filter((range) => !heldBack.has(range.code));
  const carriers = content.carrierMatches;
  return (
    <OpenableSections>
      <Stack gap="xl">
        <ReportHeader
          title="Joint report"
          answer={answer}
          source={source}
          onVersionChange={onVersionChange}
        />
        <KeyPoints
          callouts={carriers.length > 0 && <CarrierMatchCallouts matches={carriers} />}
          points={[
            ...(carriers.length === 0
              ? [
                  'You do not both carry a variant for any condition in the genes screened, so a child is not expected to inherit one from two carrier parents.',
                ]
              : []),
            aboveAverageSentence(
              "Your children's expected risk",
              reported,
              (range) => range.expected,
            ),
          ]}
        />
        <ReportContents
          entries={[
            { id: SUMMARY_ID, label: 'Summary' },
            { id: CONDITIONS_ID, label: 'Common conditions' },
            { id: FINDINGS_ID, label: 'Single-gene findings' },
            { id: SCREENED_ID, label: 'What was screened' },
            { id: TEST_ID, label: 'About this test' },
          ]}
        />
        <Stack gap="md" id={CONDITIONS_ID} className={classes.part}>
          <Title order={2}>Your future children&apos;s risk of common conditions</Title>
          <Text>
            Children inherit a different mix of your genes, so their risks differ. Open a condition
            for the range your children&apos;s risk could fall in.
          </Text>
          <OpenableCards>
            {content.childRisk.map((range) => (
              <OpenableCard
                key={range.code}
                id={childRiskAnchor(range.code)}
                title={getDisease(range.code).name}
                gist={
                  heldBack.has(range.code)
                    ? NOT_ACCURATE_ENOUGH
                    : riskGist('Expected', range.expected, range.populationRisk)
                }
              >
                {() =>
                  heldBack.has(range.code) ? (
                    // No range drawn: the score explains too little (ADR 030).
                    <NotAccurateEnoughSection code={range.code} model={range.model} />
                  ) : (
                    <>
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
                    </>
                  )
                }
              </OpenableCard>
            ))}
          </OpenableCards>
        </Stack>
        <div>
          <OpenableSection
            id={FINDINGS_ID}
            level={2}
            title="Each partner's single-gene findings"
            gist={`Mother: ${findingCount(content.mother.monogenic.length)}. Father: ${findingCount(content.father.monogenic.length)}.`}
          >
            {() => (
              <Stack gap="md">
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
            )}
          </OpenableSection>
          <ScreenedSection genes={content.genes} variants={content.variants} />
          <TestDetailsOpenable test={content.test} />
        </div>
      </Stack>
    </OpenableSections>
  );
}
