import type { Embryo } from '@nestling/shared/contract/report';
import {
  conditionAccuracy,
  rankingStability,
  type ConditionAccuracy,
} from '@nestling/shared/risk/ranking-stability';
import { isReportable } from '@nestling/shared/risk/reportable';

/** How often one embryo ranks first, and in the top two, for one condition. */
export interface Standing {
  readonly label: string;
  readonly first: number;
  readonly topTwo: number;
}

export interface ConditionStandings {
  /** Most often first at the top; empty when fewer than two embryos have a result. */
  readonly standings: readonly Standing[];
  /** Undefined when neither the lab nor the catalogue gives the score's accuracy. */
  readonly accuracy: ConditionAccuracy | undefined;
  /** True when the score is not accurate enough to report (ADR 030): nothing is ranked. */
  readonly heldBack: boolean;
}

/**
 * The embryos with a result for the condition and how sure their order by it is (ADR 028):
 * the score's within-family accuracy from the lab's model data, else from the catalogue.
 */
export function conditionStandings(embryos: readonly Embryo[], code: string): ConditionStandings {
  const scored = embryos.flatMap((embryo) => {
    const result = embryo.diseases.find((entry) => entry.code === code);
    return result === undefined ? [] : [{ label: embryo.label, result }];
  });
  const labValue = scored.find((entry) => entry.result.model.withinFamilyAccuracy !== undefined)
    ?.result.model.withinFamilyAccuracy;
  const accuracy = conditionAccuracy(code, labValue);
  if (scored.some((entry) => !isReportable(entry.result))) {
    return { standings: [], accuracy, heldBack: true };
  }
  if (accuracy === undefined || scored.length < 2) {
    return { standings: [], accuracy, heldBack: false };
  }
  const { first, topTwo } = rankingStability(
    scored.map((entry) => entry.result.score),
    accuracy.value,
  );
  const standings = scored.map((entry, index) => ({
    label: entry.label,
    first: first[index] ?? 0,
    topTwo: topTwo[index] ?? 0,
  }));
  standings.sort((a, b) => b.first - a.first || b.topTwo - a.topTwo);
  return { standings, accuracy, heldBack: false };
}
