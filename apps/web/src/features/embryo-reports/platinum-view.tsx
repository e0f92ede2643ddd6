import { Stack, Text } from '@mantine/core';
import { diseaseReportedSex, getDisease } from '@nestling/shared/catalogue/diseases';
import { reportRiskAxisTicks } from '@nestling/shared/charts';
import type { ChildRiskRange, EmbryoReport } from '@nestling/shared/contract/report';
import { riskPercent } from '@nestling/shared/report-wording';
import { heldBackConditions, NOT_ACCURATE_ENOUGH } from '@nestling/shared/risk/reportable';
import { DensityChart, RangeChart } from '../charts/index.ts';
import {
  NotAccurateEnoughSection,
  OpenableSection,
  OpenableSections,
  ReportContents,
  reportsClasses as reportClasses,
} from '../reports/index.ts';
import { embryoName } from './embryo-wording.ts';
import classes from './embryo-reports.module.css';

const sectionId = (code: string) => `platinum-${code}`;

/** 'The lowest is Embryo E3's (2.1%), the highest Embryo E5's (4.0%).' */
function extremesText(content: EmbryoReport, code: string): string {
  const risks = content.embryos.flatMap((embryo) => {
    const result = embryo.diseases.find((entry) => entry.code === code);
    return result === undefined ? [] : [{ label: embryo.label, risk: result.absoluteRisk }];
  });
  const sorted = [...risks].sort((a, b) => a.risk - b.risk);
  const lowest = sorted[0];
  const highest = sorted.at(-1);
  // A condition reported for one sex only is compared among the embryos of that sex.
  const reportedSex = diseaseReportedSex(code);
  const onlyFor =
    reportedSex === undefined ? '' : ` It is reported for ${reportedSex} embryos only.`;
  if (lowest === undefined || highest === undefined) {
    return reportedSex === undefined ? '' : `None of your embryos has a result.${onlyFor}`;
  }
  if (sorted.length === 1) {
    return `${embryoName(lowest.label)}'s is ${riskPercent(lowest.risk)}.${onlyFor}`;
  }
  const among = reportedSex === undefined ? 'your embryos' : `your ${reportedSex} embryos`;
  return `Among ${among}, the lowest is ${embryoName(lowest.label)}'s (${riskPercent(lowest.risk)}) and the highest ${embryoName(highest.label)}'s (${riskPercent(highest.risk)}).${onlyFor}`;
}

function ConditionSection({
  content,
  range,
  heldBack,
}: {
  content: EmbryoReport;
  range: ChildRiskRange;
  heldBack: boolean;
}) {
  const entry = getDisease(range.code);
  return (
    <OpenableSection
      id={sectionId(range.code)}
      level={2}
      title={entry.name}
      gist={heldBack ? NOT_ACCURATE_ENOUGH : `Average ${riskPercent(range.populationRisk)}`}
    >
      {() =>
        heldBack ? (
          // No number and no chart: the score explains too little (ADR 030).
          <NotAccurateEnoughSection code={range.code} model={range.model} />
        ) : (
          <ConditionCharts content={content} range={range} />
        )
      }
    </OpenableSection>
  );
}

/** A condition's charts: the children's range with each embryo on it, then the scores. */
function ConditionCharts({ content, range }: { content: EmbryoReport; range: ChildRiskRange }) {
  const entry = getDisease(range.code);
  const embryoResults = content.embryos.flatMap((embryo) => {
    const result = embryo.diseases.find((item) => item.code === range.code);
    return result === undefined ? [] : [{ label: embryo.label, result }];
  });
  const populationScores = content.charts.density[range.code]?.values ?? [];
  return (
    <>
      <Text mb="md">
        Lifetime risk of {entry.lowerName}: the population average is{' '}
        {riskPercent(range.populationRisk)}. {extremesText(content, range.code)}
      </Text>
      <div className={classes.chartPair}>
        <RangeChart
          entry={entry}
          childRiskRange={{
            lowPercent: range.lower * 100,
            expectedPercent: range.expected * 100,
            highPercent: range.upper * 100,
          }}
          populationPercent={range.populationRisk * 100}
          axisTicks={reportRiskAxisTicks(content)}
          embryos={embryoResults.map(({ label, result }) => ({
            label,
            riskPercent: result.absoluteRisk * 100,
          }))}
        />
        {populationScores.length > 0 && (
          <DensityChart
            entry={entry}
            populationScores={populationScores}
            embryos={embryoResults.map(({ label, result }) => ({
              label,
              score: result.score,
              percentile: result.percentile,
            }))}
          />
        )}
      </div>
    </>
  );
}

/**
 * Platinum: the polygenic view. For every condition, the absolute risks first (in words, then
 * the range your children could have with each embryo placed on it), then each embryo's score
 * in the population.
 */
export function PlatinumView({ content }: { content: EmbryoReport }) {
  const heldBack = heldBackConditions(content);
  return (
    <OpenableSections>
      <Stack gap="xl">
        <Text>
          The first chart of each condition is the range of lifetime risk a child of yours could
          have, with each embryo placed on it: further right is a higher risk. The second shows
          where each embryo&apos;s genetic score falls among the population&apos;s. A higher score
          shifts the odds; it is not a diagnosis. Here each embryo is compared with what your own
          genes lead to expect for a child of yours; the population average is marked on each chart
          too. Open a condition to see its charts.
        </Text>
        <ReportContents
          label="Conditions on this page"
          entries={content.childRisk.map((range) => ({
            id: sectionId(range.code),
            label: getDisease(range.code).name,
          }))}
        />
        <div className={reportClasses.openableGrid}>
          {content.childRisk.map((range) => (
            <ConditionSection
              key={range.code}
              content={content}
              range={range}
              heldBack={heldBack.has(range.code)}
            />
          ))}
        </div>
      </Stack>
    </OpenableSections>
  );
}
