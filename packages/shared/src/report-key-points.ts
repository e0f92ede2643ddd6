/*
 * What a report says first: the conditions where a person, a couple's
 * children or an embryo is furthest above average, by absolute risk, so that a small relative
 * rise in a rare condition does not outrank a real rise in a common one.
 */
import { getDisease } from '@nestling/shared/catalogue/diseases';
import { riskPercent } from '@nestling/shared/report-wording';

export interface RiskAgainstAverage {
  code: string;
  /** The absolute lifetime risk, 0–1: the person's, an embryo's, or the children's expected. */
  risk: number;
  /** The population average, 0–1. */
  average: number;
}

/** How many conditions the summary names at most. */
export const KEY_CONDITIONS = 3;

/**
 * The conditions above average, furthest first in percentage points, at most `count`; ties in
 * the report's order. A condition held back as not accurate enough is left out by the caller.
 */
export function furthestAboveAverage<T extends RiskAgainstAverage>(
  results: readonly T[],
  count = KEY_CONDITIONS,
): T[] {
  return results
    .map((result, index) => ({ result, index, excess: result.risk - result.average }))
    .filter((entry) => entry.excess > 0)
    .sort((a, b) => b.excess - a.excess || a.index - b.index)
    .slice(0, count)
    .map((entry) => entry.result);
}

/** 'type 2 diabetes (12.0%, average 8.0%)'. */
export function riskAgainstAverageText(result: RiskAgainstAverage): string {
  return `${getDisease(result.code).lowerName} (${riskPercent(result.risk)}, average ${riskPercent(result.average)})`;
}

/** 'a, b and c'. */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}
