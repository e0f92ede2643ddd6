import { expect, type Page } from '@playwright/test';

/*
 * Checks the report specs share: how tall a page is, and what its summary
 * must say.
 */

/** The page's full height, with every section as it is now. */
export async function pageHeight(page: Page): Promise<number> {
  // A string, evaluated in the page: this project's types have no DOM.
  return page.evaluate<number>('document.documentElement.scrollHeight');
}

/**
 * What the summary must say of the conditions furthest above average, worked out here apart
 * from the portal's code: above average, furthest first in percentage points, three at most,
 * each as '(risk, average …)'.
 */
export function keyConditionsPattern(
  results: readonly { risk: number; average: number }[],
): RegExp {
  const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;
  const parts = results
    .filter((result) => result.risk > result.average)
    .sort((a, b) => b.risk - b.average - (a.risk - a.average))
    .slice(0, 3)
    .map((result) => `\\(${percent(result.risk)}, average ${percent(result.average)}\\)`);
  expect(parts.length).toBeGreaterThan(0);
  return new RegExp(`furthest above the population average for .*${parts.join('.*')}`);
}
