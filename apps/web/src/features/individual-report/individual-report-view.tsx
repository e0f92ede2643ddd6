import { Stack, Text, Title } from '@mantine/core';
import type { IndividualReport } from '@nestling/shared/contract/report';
import type { ReportAnswer } from '@nestling/shared/contract/report-view';
import { heldBackConditions } from '@nestling/shared/risk/reportable';
import { ReportHeader } from '../reports/report-header.tsx';
import {
  ScreenedLists,
  TestDetailsSection,
  VariantFindingsTable,
} from '../reports/report-sections.tsx';
import type { ReportSource } from '../reports/use-report.ts';
import { DiseaseSection, DiseaseSummaryTable } from './disease-results.tsx';
import { chartedTraits, traitAnchor, TraitSection } from './trait-charts.tsx';
import { TraitsTable } from './traits-table.tsx';
import classes from '../reports/reports.module.css';

/** An individual report in full, in the order a genetic counsellor would go through it. */
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
  return (
    <Stack gap="xl">
      <ReportHeader
        title="Individual report"
        answer={answer}
        source={source}
        onVersionChange={onVersionChange}
      />
      <Stack gap="md">
        <Title order={2}>Your risk of common conditions</Title>
        <Text>
          Each figure is your chance of developing the condition at some point in your life,
          estimated from your genome and the lab&apos;s models. It is a chance, not a diagnosis:
          lifestyle, family history and the environment matter too.
        </Text>
        <DiseaseSummaryTable diseases={content.diseases} heldBack={heldBack} />
      </Stack>
      {content.diseases.map((result) => (
        <DiseaseSection
          key={result.code}
          result={result}
          populationScores={content.charts.density[result.code]?.values ?? []}
          heldBack={heldBack.has(result.code)}
        />
      ))}
      <Stack gap="md">
        <Title order={2}>Single-gene findings</Title>
        <VariantFindingsTable
          caption="Variants found in your genome"
          findings={content.monogenic}
          empty="No disease-causing variant was found in the genes screened."
        />
      </Stack>
      <Stack gap="md">
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
      </Stack>
      {charted.length > 0 && (
        <div className={classes.chartPair}>
          {charted.map((item) => (
            <TraitSection key={item.trait.code} {...item} />
          ))}
        </div>
      )}
      <ScreenedLists genes={content.genes} variants={content.variants} />
      <TestDetailsSection test={content.test} />
    </Stack>
  );
}
