import { Stack, Text } from '@mantine/core';
import { getTrait } from '@nestling/shared/catalogue/traits';
import type { IndividualReport, TraitResult } from '@nestling/shared/contract/report';
import { modelText } from '@nestling/shared/report-wording';
import { isTraitReportable } from '@nestling/shared/risk/reportable';
import { DensityChart } from '../charts/index.ts';
import { OpenableSection } from '../reports/index.ts';
import { predictedText } from './traits-table.tsx';

/** The anchor of a trait's chart, for the traits table's links. */
export const traitAnchor = (code: string) => `trait-${code}`;

export interface ChartedTrait {
  readonly trait: TraitResult & { readonly score: number };
  readonly populationScores: readonly number[];
}

/**
 * The traits the lab gave a score and the population's scores for, in the report's order; not
 * one whose score is not accurate enough (ADR 030).
 */
export function chartedTraits(content: IndividualReport): ChartedTrait[] {
  return content.traits.flatMap((trait) => {
    const { score } = trait;
    const populationScores = content.charts.traits?.[trait.code]?.values ?? [];
    if (score === undefined || populationScores.length === 0 || !isTraitReportable(trait)) {
      return [];
    }
    return [{ trait: { ...trait, score }, populationScores }];
  });
}

/**
 * One trait as a distribution chart (spec section 1), like a disease's, in a section that opens
 * on demand: where the person's score falls among the population's, drawn with the catalogue's
 * chart settings, with the prediction in words first. A trait is not a health risk, so there is
 * no dot grid.
 */
export function TraitSection({ trait, populationScores }: ChartedTrait) {
  const entry = getTrait(trait.code);
  const predicted =
    trait.predicted === undefined ? undefined : `Predicted: ${predictedText(trait)}`;
  return (
    <OpenableSection
      id={traitAnchor(trait.code)}
      title={entry.name}
      gist={predicted ?? 'Your score among the population’s'}
    >
      {() => (
        <Stack gap="sm">
          {predicted !== undefined && <Text>{predicted}.</Text>}
          <DensityChart
            entry={entry}
            populationScores={populationScores}
            personScore={trait.score}
            personPercentile={trait.percentile}
          />
          <Text size="sm" c="dimmed">
            Model: {modelText(trait.model)}.
          </Text>
        </Stack>
      )}
    </OpenableSection>
  );
}
