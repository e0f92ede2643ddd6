import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * axe's WCAG 2.1 A/AA and best-practice rules, as the browser tests run them, on a part of the
 * page. jsdom cannot lay out or paint, so contrast is left to the browser tests.
 */
export async function expectNoAxeViolations(element: Element): Promise<void> {
  const results = await axe.run(element, {
    runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
    rules: { 'color-contrast': { enabled: false } },
  });
  const violations = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} at ${violation.nodes
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
  expect(violations).toEqual([]);
}
