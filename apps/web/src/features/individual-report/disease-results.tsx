import { Anchor, Stack, Table, Text } from '@mantine/core';
import { getDisease } from '@nestling/shared/catalogue/diseases';
import type { DiseaseResult } from '@nestling/shared/contract/report';
import {
  intervalText,
  modelText,
  percentileSentence,
  relativeRiskText,
  riskGist,
  riskPercent,
} from '@nestling/shared/report-wording';
import { NOT_ACCURATE_ENOUGH } from '@nestling/shared/risk/reportable';
import { DensityChart, DotGrid } from '../charts/index.ts';
import {
  NotAccurateEnoughNote,
  NotAccurateEnoughSection,
  OpenableSection,
  ScrollRegion,
  reportsClasses as classes,
} from '../reports/index.ts';

/** The anchor of a disease's section, for the summary table's links. */
export const diseaseAnchor = (code: string) => `disease-${code}`;

/**
 * Every disease at a glance, absolute lifetime risk first (the figure a person can act on),
 * then the average and how many times it that is. Each name links to its section. A condition
 * whose score is not accurate enough (ADR 030) says so instead of its figures.
 */
export function DiseaseSummaryTable({
  diseases,
  heldBack,
}: {
  diseases: readonly DiseaseResult[];
  heldBack: ReadonlySet<string>;
}) {
  return (
    <>
      <ScrollRegion label="Your lifetime risk of each condition">
        <Table captionSide="top" striped>
          <Table.Caption className={classes.caption}>
            Your lifetime risk of each condition
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Condition</Table.Th>
              <Table.Th scope="col">Your risk</Table.Th>
              <Table.Th scope="col">Average</Table.Th>
              <Table.Th scope="col">Times average</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {diseases.map((result) => (
              <Table.Tr key={result.code}>
                <Table.Th scope="row">
                  <Anchor href={`#${diseaseAnchor(result.code)}`}>
                    {getDisease(result.code).name}
                  </Anchor>
                </Table.Th>
                {heldBack.has(result.code) ? (
                  <Table.Td colSpan={3}>{NOT_ACCURATE_ENOUGH}</Table.Td>
                ) : (
                  <>
                    <Table.Td>{riskPercent(result.absoluteRisk)}</Table.Td>
                    <Table.Td>{riskPercent(result.populationRisk)}</Table.Td>
                    <Table.Td>{result.relativeRisk.toFixed(2)}×</Table.Td>
                  </>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
      <NotAccurateEnoughNote show={diseases.some((result) => heldBack.has(result.code))} />
    </>
  );
}

/**
 * One disease, a section that opens on demand (its gist says the risk against the average):
 * the absolute risk as dots and words first, then how it compares, then where the score sits
 * in the population; when held back, why instead, with no number or chart.
 */
export function DiseaseSection({
  result,
  populationScores,
  heldBack = false,
}: {
  result: DiseaseResult;
  populationScores: readonly number[];
  heldBack?: boolean;
}) {
  const entry = getDisease(result.code);
  return (
    <OpenableSection
      id={diseaseAnchor(result.code)}
      title={entry.name}
      gist={
        heldBack
          ? NOT_ACCURATE_ENOUGH
          : riskGist('Your risk', result.absoluteRisk, result.populationRisk)
      }
    >
      {() =>
        heldBack ? (
          <NotAccurateEnoughSection code={result.code} model={result.model} />
        ) : (
          <Stack gap="sm">
            <div className={classes.chartPair}>
              <DotGrid
                entry={entry}
                lifetimeRiskPercent={result.absoluteRisk * 100}
                populationAverageRiskPercent={result.populationRisk * 100}
              />
              <DensityChart
                entry={entry}
                populationScores={populationScores}
                personScore={result.score}
                personPercentile={result.percentile}
              />
            </div>
            <Text>
              Your lifetime risk is {relativeRiskText(result.relativeRisk)}.{' '}
              {percentileSentence(result.percentile)}
            </Text>
            <Text size="sm" c="dimmed">
              {intervalText(result.interval)}. Model: {modelText(result.model)}.
            </Text>
          </Stack>
        )
      }
    </OpenableSection>
  );
}
