import type { Page } from '@playwright/test';
import { useToken } from './accounts.ts';
import { expect, expectNoAxeViolations, test, visit } from './fixtures.ts';

/*
 * /resources and its two guides as a patient reads them: the index leads to each guide, the
 * contents and the citations move the reading position, and a printed guide is its content
 * only. Each page is scanned with axe on arrival (shell.spec.ts scans them too, opened directly).
 */

/** Nothing on the page is wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  // A string, evaluated in the page: this project's types have no DOM.
  const overflow: unknown = await page.evaluate(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  expect(Number(overflow)).toBeLessThanOrEqual(0);
}

/** Follows a contents entry: the address carries its section, which is in view and has focus. */
async function followContents(page: Page, section: string, id: string) {
  await page
    .getByRole('navigation', { name: 'Contents' })
    .getByRole('link', { name: section })
    .click();
  await expect(page).toHaveURL(new RegExp(`#${id}$`));
  const heading = page.getByRole('heading', { level: 2, name: section });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
}

test('the report guide: from the index, through its contents and a citation, and printed', async ({
  page,
  context,
  baseURL,
  patientToken,
}) => {
  await useToken(context, String(baseURL), patientToken);
  await visit(page, '/resources');
  await expect(page.getByRole('link', { name: 'Risk calculator' })).toHaveAttribute(
    'href',
    '/risk-calculator',
  );
  await page.getByRole('link', { name: 'What you will learn from your report' }).click();
  await expect(page).toHaveURL('/resources/what-you-will-learn-from-your-report');
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);

  await followContents(page, 'How to read each chart', 'how-to-read-each-chart');
  await followContents(page, 'What a report cannot tell you', 'what-a-report-cannot-tell-you');
  // The citation in that section leads to its entry in the numbered list.
  await page.getByRole('link', { name: '[7]' }).click();
  await expect(page).toHaveURL(/#ref-martin2019$/);
  const entry = page.getByRole('listitem').filter({ hasText: 'Clinical use of current polygenic' });
  await expect(entry).toBeFocused();
  await expect(entry).toBeInViewport();
  await expect(
    page.getByRole('img', { name: 'The same percentile, two very different risks' }),
  ).toHaveAccessibleDescription(/90th percentile/);

  // Printed: the guide and its contents, without the portal's header, navigation and footer.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print this guide' })).toBeHidden();
  await expect(
    page.getByRole('heading', { level: 1, name: 'What you will learn from your report' }),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Contents' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'References' })).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('banner')).toBeVisible();
});

test('the embryo screening guide: from the index, its contents, and a deep link to a section', async ({
  page,
  context,
  baseURL,
  patientToken,
}) => {
  await useToken(context, String(baseURL), patientToken);
  await visit(page, '/resources');
  await page.getByRole('link', { name: 'Embryo screening guide' }).click();
  await expect(page).toHaveURL('/resources/embryo-screening-guide');
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await expect(page.getByRole('img')).toHaveCount(2);

  await followContents(page, 'Glossary', 'glossary');
  await expect(page.getByRole('term').filter({ hasText: 'Trophectoderm' })).toBeVisible();
  await followContents(page, 'Ancestry and accuracy', 'ancestry-and-accuracy');

  // A link to a section opens the guide there.
  await page.goto('/resources/embryo-screening-guide#evidence-and-professional-guidance');
  await expect(
    page.getByRole('heading', { level: 2, name: 'The evidence and the professional guidance' }),
  ).toBeInViewport();
});
