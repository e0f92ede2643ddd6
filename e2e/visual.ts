import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/*
 * Visual comparisons: what a page looks like at a phone's, a tablet's and a laptop's width, kept
 * as screenshots, so that a change that breaks a page's layout fails a test. The top of each page
 * (what a person sees first) is compared. `npx playwright test <file> --update-snapshots` writes
 * new screenshots after an intended change; look at each before committing it.
 */

export const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'laptop', width: 1366, height: 900 },
] as const;

export type Width = (typeof WIDTHS)[number];

/** US dates (3/10/2025), which move with the day the demo data was made, and the footer's year. */
export function changingParts(page: Page) {
  return [page.getByText(/\b\d{1,2}\/\d{1,2}\/\d{4}\b/), page.getByRole('contentinfo')];
}

/**
 * The settled page, at the width set, compared with its screenshot `<name>-<width>.png`. With
 * `above`, only the part of the screen above that element is compared: what lies below it
 * changes with the day the test runs.
 */
export async function expectLooksAsBefore(
  page: Page,
  name: string,
  size: Width,
  above?: Locator,
): Promise<void> {
  await expect(page.getByText('Loading…', { exact: true })).toHaveCount(0);
  await page.evaluate('document.fonts.ready');
  const top = above === undefined ? null : await above.boundingBox();
  await expect(page).toHaveScreenshot(`${name}-${size.name}.png`, {
    ...(top === null ? {} : { clip: { x: 0, y: 0, width: size.width, height: Math.floor(top.y) } }),
    mask: changingParts(page),
    animations: 'disabled',
    caret: 'hide',
    maxDiffPixelRatio: 0.01,
  });
}
