import { Anchor, Table, Text } from '@mantine/core';
import { getTrait } from '@nestling/shared/catalogue/traits';
import type { TraitResult } from '@nestling/shared/contract/report';
import { percentileCell } from '@nestling/shared/report-wording';
import { isTraitReportable, NOT_ACCURATE_ENOUGH } from '@nestling/shared/risk/reportable';
import {
  NotAccurateEnoughNote,
  ScrollRegion,
  reportsClasses as classes,
} from '../reports/index.ts';

/**
 * The prediction cell of a trait the lab scored only against the population: it is predicted,
 * as the percentile beside it ('Not predicted' there read as if the percentile were not).
 */
export const PERCENTILE_ONLY = 'As a percentile';

export function predictedText(trait: TraitResult): string {
  // A trait has a predicted value, a percentile or both (traitResultSchema).
  if (trait.predicted === undefined) return PERCENTILE_ONLY;
  const { value, unit } = trait.predicted;
  const shown = typeof value === 'number' ? String(value) : value;
  return unit === undefined ? shown : `${shown} ${unit}`;
}

/**
 * Traits are not health risks: a predicted value, a percentile, or both. A trait drawn as a
 * chart below links to it (`charted` holds their anchors by code).
 */
export function TraitsTable({
  traits,
  charted = new Map(),
}: {
  traits: readonly TraitResult[];
  charted?: ReadonlyMap<string, string>;
}) {
  if (traits.length === 0) return <Text>This report predicts no traits.</Text>;
  return (
    <>
      <ScrollRegion label="Predicted traits">
        <Table captionSide="top" striped>
          <Table.Caption className={classes.caption}>Predicted traits</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Trait</Table.Th>
              <Table.Th scope="col">Prediction</Table.Th>
              <Table.Th scope="col">Percentile</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {traits.map((trait) => (
              <Table.Tr key={trait.code}>
                <Table.Th scope="row">
                  {charted.has(trait.code) ? (
                    <Anchor href={`#${charted.get(trait.code) ?? ''}`}>
                      {getTrait(trait.code).name}
                    </Anchor>
                  ) : (
                    getTrait(trait.code).name
                  )}
                </Table.Th>
                {isTraitReportable(trait) ? (
                  <>
                    <Table.Td>{predictedText(trait)}</Table.Td>
                    <Table.Td>
                      {trait.percentile === undefined
                        ? 'Not given'
                        : percentileCell(trait.percentile)}
                    </Table.Td>
                  </>
                ) : (
                  <Table.Td colSpan={2}>{NOT_ACCURATE_ENOUGH}</Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
      <NotAccurateEnoughNote show={traits.some((trait) => !isTraitReportable(trait))} />
    </>
  );
}
