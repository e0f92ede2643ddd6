import { Stack, Text, Title } from '@mantine/core';
import type { IndividualReport } from '@nestling/shared/contract/report';
import type { ReportAnswer } from '@nestling/shared/contract/report-view';
import { heldBackConditions } from '@nestling/shared/risk/reportable';
import {
  CONDITIONS_ID,
  FINDINGS_ID,
  KeyPoints,
  OpenableSections,
  ReportContents,
  ReportHeader,
  SCREENED_ID,
  SUMMARY_ID,
  ScreenedSection,
  TEST_ID,
  TRAITS_ID,
  TestDetailsOpenable,
  VariantFindingsTable,
  aboveAverageSentence,
  findingsSentence,
  reportsClasses as classes,
  type ReportSource,
} from '../reports/index.ts';
import { DiseaseSection, DiseaseSummaryTable } from './disease-results.tsx';
import { chartedTraits, traitAnchor, TraitSection } from './trait-charts.tsx';
import { TraitsTable } from './traits-table.tsx';

/** An individual report in full, in the order a genetic counselor would go through it. */
export function IndividualReportView({
  answer,
  content,
  source,
  onVersionChange,
}: {
  answer: ReportAnswer;
  content: IndividualReport;
  source: ReportSource;
  onVersionChange: (version: number | undefined) => void;
}) {
  const charted = chartedTraits(content);
  const heldBack = heldBackConditions(content);
  const reported = content.diseases.filter((result) => !heldBack.has(result.code));
  return (
    <OpenableSections>
      <Stack gap="xl">
        <ReportHeader
          title="Individual report"
          answer={answer}
          source={source}
          onVersionChange={onVersionChange}
        />
        <KeyPoints
          points={[
            aboveAverageSentence('Your risk', reported, (result) => result.absoluteRisk),
            findingsSentence(content.monogenic, 'your'),
          ]}
        />
        <ReportContents
          entries={[
            { id: SUMMARY_ID, label: 'Summary' },
            { id: CONDITIONS_ID, label: 'Common conditions' },
            { id: FINDINGS_ID, label: 'Single-gene findings' },
            { id: TRAITS_ID, label: 'Traits' },
            { id: SCREENED_ID, label: 'What was screened' },
            { id: TEST_ID, label: 'About this test' },
          ]}
        />
        <Stack gap="md" id={CONDITIONS_ID} className={classes.part}>
          <Title order={2}>Your risk of common conditions</Title>
          <Text>
            Each figure is your chance of developing the condition at some point in your life,
            estimated from your genome and the lab&apos;s models. It is a chance, not a diagnosis:
            lifestyle, family history and the environment matter too. Open a condition for its
            charts and how sure the figure is.
          </Text>
          <DiseaseSummaryTable diseases={content.diseases} heldBack={heldBack} />
          <div className={classes.openableGrid}>
            {content.diseases.map((result) => (
              <DiseaseSection
                key={result.code}
                result={result}
                populationScores={content.charts.density[result.code]?.values ?? []}
                heldBack={heldBack.has(result.code)}
              />
            ))}
          </div>
        </Stack>
        <Stack gap="md" id={FINDINGS_ID} className={classes.part}>
          <Title order={2}>Single-gene findings</Title>
          <VariantFindingsTable
            caption="Variants found in your genome"
            findings={content.monogenic}
            empty="No disease-causing variant was found in the genes screened."
          />
        </Stack>
        <Stack gap="md" id={TRAITS_ID} className={classes.part}>
          <Title order={2}>Traits</Title>
          {charted.length > 0 && (
            <Text>
              Traits are not health risks. Where the lab scored a trait, its chart shows where your
              genetic score falls among the population&apos;s.
            </Text>
          )}
          <TraitsTable
            traits={content.traits}
            charted={new Map(charted.map(({ trait }) => [trait.code, traitAnchor(trait.code)]))}
          />
          {charted.length > 0 && (
            <div className={classes.openableGrid}>
              {charted.map((item) => (
                <TraitSection key={item.trait.code} {...item} />
              ))}
            </div>
          )}
        </Stack>
        <div>
          <ScreenedSection genes={content.genes} variants={content.variants} />
          <TestDetailsOpenable test={content.test} />
        </div>
      </Stack>
    </OpenableSections>
  );
}
