import { readFile } from 'node:fs/promises';
import { getDisease } from '@nestling/shared/catalogue/diseases';
import type { Locator, Page } from '@playwright/test';
import { signInAs, useToken } from './accounts.ts';
import { keyConditionsPattern, pageHeight } from './report-checks.ts';
import { expect, expectEveryActionInView, expectNoAxeViolations, test, visit } from './fixtures.ts';

/*
 * The reports home, the joint and individual reports, documents, and the PDF and ZIP downloads,
 * as the demo patients see them (embryo reports: embryo-reports.spec.ts).
 */

/** Saves what the page downloads when `click` runs; answers its suggested name and its bytes. */
async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

/** The page's height at desktop width before each condition's detail was folded away (ADR 032). */
const HEIGHT_BEFORE = { joint: 4780, individual: 17632 } as const;

/** A report as the API gives it to its owner. */
async function reportContent<T>(page: Page, token: string, path: string): Promise<T> {
  const answer = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { report: { content: T } }).report.content;
}

test('the couple: reports home, the joint report, its PDF, documents and the ZIP', async ({
  page,
  baseURL,
}, testInfo) => {
  // Two downloads that the server renders: a PDF and a ZIP with three more PDFs in it.
  test.setTimeout(90_000);
  const token = await signInAs(page, baseURL, 'mother@demo.test');
  await visit(page, '/reports');
  // The joint tab opens first for a couple: their report, its test with ' - 30x', a US date.
  await expect(page.getByRole('tab', { name: 'Joint', selected: true })).toBeVisible();
  await expect(
    page.getByText('Preconception Genetic Screening - 30x, with Daniel Demo, bought on 1/6/2025'),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('reports-home.png'), fullPage: true });

  await page.getByRole('link', { name: 'Open the joint report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Joint report' })).toBeVisible();
  await expect(page.getByText('Version 1 of 1, signed off on 2/5/2025')).toBeVisible();
  // The summary first: what the couple could pass on together stands out, with what to do,
  // then the conditions their children's expected risk is furthest above average for.
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByRole('alert')).toContainText(
    'You both carry a variant for GJB2-related nonsyndromic hearing loss',
  );
  await expect(summary.getByRole('alert')).toContainText('Each child has a 1 in 4 (25.0%) chance');
  const portal = await page.request.get('/api/user', {
    params: { preconception: 'true' },
    headers: { Authorization: `Bearer ${token}` },
  });
  const { preconceptionReports } = (await portal.json()) as {
    preconceptionReports: { id: string }[];
  };
  const joint = await reportContent<{
    childRisk: { expected: number; populationRisk: number }[];
  }>(page, token, `/api/reports/${preconceptionReports[0]?.id ?? '-'}`);
  await expect(summary).toContainText(
    keyConditionsPattern(
      joint.childRisk.map((range) => ({ risk: range.expected, average: range.populationRisk })),
    ),
  );
  await expect(summary.getByRole('link', { name: 'Book a call with a counselor' })).toHaveAttribute(
    'href',
    '/schedule-appointment',
  );
  // Every condition's detail is folded away: the page is under a third of its old height.
  if (testInfo.project.name === 'desktop') {
    expect(await pageHeight(page)).toBeLessThan(HEIGHT_BEFORE.joint / 3);
  }
  // A condition's own address opens its section.
  await page.goto('/reports/joint#child-risk-cad');
  await expect(page.getByRole('button', { name: 'Coronary Artery Disease' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(
    page.getByText(/Your future children's lifetime risk of coronary artery disease could be from/),
  ).toBeVisible();
  // Printed, every section is open and the page is its content only, as in the PDF.
  await page.emulateMedia({ media: 'print' });
  await page.evaluate("window.dispatchEvent(new Event('beforeprint'))");
  await expect(page.getByRole('main').locator('[aria-expanded="false"]')).toHaveCount(0);
  await expect(page.getByRole('img', { name: /Range of lifetime risk/ })).toHaveCount(
    joint.childRisk.length,
  );
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Contents of this report' })).toBeHidden();
  await page.evaluate("window.dispatchEvent(new Event('afterprint'))");
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('button', { name: 'Alcohol Use Disorder' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await expectNoAxeViolations(page);
  await expectEveryActionInView(page);
  await page.screenshot({ path: testInfo.outputPath('joint-report.png'), fullPage: true });

  const pdf = await download(page, () =>
    page.getByRole('button', { name: 'Download PDF' }).click(),
  );
  expect(pdf.name).toMatch(/^joint-report-.+-v1\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await page.goto('/reports?tab=documents');
  const documents = page.getByRole('table', { name: /Your documents/ });
  await expect(documents.getByRole('row')).toHaveCount(3);
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'View Saliva kit instructions' }).click(),
  ]);
  await expect(tab.locator('body')).toContainText('Do not eat, drink or smoke');
  await tab.close();
  await expectNoAxeViolations(page);
  await expectEveryActionInView(page);

  const archive = await download(page, () =>
    page.getByRole('button', { name: 'Download everything (ZIP)' }).click(),
  );
  expect(archive.name).toMatch(/^my-reports-and-documents-\d{4}-\d{2}-\d{2}\.zip$/);
  // A ZIP starts with a local file header, 'PK\x03\x04'.
  expect(archive.bytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
  await expect(page.getByText('Your archive is saved.')).toBeAttached();
});

/** Where an element is on the page (not the window), in CSS pixels. */
async function placeOnPage(page: Page, element: Locator) {
  const box = await element.boundingBox();
  if (box === null) throw new Error('The element is not laid out');
  const scrollY = await page.evaluate<number>('window.scrollY');
  return { ...box, y: box.y + scrollY };
}

test('opening a condition in the joint report’s grid moves no card and leaves no hole', async ({
  page,
  baseURL,
}, testInfo) => {
  // A laptop's screen on the desktop project; the phone project's one column at 390 px.
  if (testInfo.project.name === 'desktop') await page.setViewportSize({ width: 1366, height: 768 });
  const token = await signInAs(page, baseURL, 'mother@demo.test');
  const portal = await page.request.get('/api/user', {
    params: { preconception: 'true' },
    headers: { Authorization: `Bearer ${token}` },
  });
  const { preconceptionReports } = (await portal.json()) as {
    preconceptionReports: { id: string }[];
  };
  const joint = await reportContent<{ childRisk: { code: string }[] }>(
    page,
    token,
    `/api/reports/${preconceptionReports[0]?.id ?? '-'}`,
  );
  await visit(page, '/reports/joint');
  const names = joint.childRisk.map((range) => getDisease(range.code).name);
  const cards = names.map((name) => page.getByRole('button', { name, exact: true }));
  await cards[0]?.scrollIntoViewIfNeeded();
  const places = () => Promise.all(cards.map((card) => placeOnPage(page, card)));
  const before = await places();
  // Three columns at 1366 px, one at 390 px.
  const columns = before.filter((place) => place.y === before[0]?.y).length;
  expect(columns).toBe(testInfo.project.name === 'desktop' ? 3 : 1);
  // The middle card of the first row (the second card on a phone): a card on either side of it.
  const chosen = 1;
  const card = cards[chosen];
  const name = names[chosen] ?? '-';
  if (card === undefined) throw new Error('Too few conditions');
  const rowY = before[chosen]?.y ?? 0;
  const isBelow = (index: number) => (before[index]?.y ?? 0) > rowY;
  const rowBottom = Math.max(
    ...before.filter((place) => place.y === rowY).map((place) => place.y + place.height),
  );

  await card.click();
  await expect(card).toHaveAttribute('aria-expanded', 'true');
  await expect(card).toBeFocused();
  const details = page.getByRole('region', { name, exact: true });
  await expect(details.getByRole('figure')).toBeVisible();
  const panel = await placeOnPage(page, details);
  const after = await places();
  const moved = after.map((place, index) => ({
    name: names[index] ?? '-',
    x: Math.round(place.x - (before[index]?.x ?? 0)),
    y: Math.round(place.y - (before[index]?.y ?? 0)),
  }));
  // Every card stays in its column; the cards of its row and above stay put, and every card
  // below moves down by the same amount, the detail's row: the rows keep their cards, no hole.
  for (const [index, move] of moved.entries()) {
    expect.soft(move.x, `${move.name} stays in its column`).toBe(0);
    if (isBelow(index))
      expect.soft(move.y, `${move.name} moves down`).toBeGreaterThan(panel.height);
    else expect.soft(move.y, `${move.name} stays in its row`).toBe(0);
  }
  const shifts = new Set(moved.filter((_, index) => isBelow(index)).map((move) => move.y));
  expect(shifts.size).toBe(1);
  // The detail is a full row right under the card's row, and above the next row of cards.
  const left = Math.min(...before.map((place) => place.x));
  const right = Math.max(...before.map((place) => place.x + place.width));
  expect(panel.x).toBeLessThanOrEqual(left + 1);
  expect(panel.x + panel.width).toBeGreaterThanOrEqual(right - 1);
  expect(panel.y).toBeGreaterThanOrEqual(rowBottom);
  const below = (places: { y: number }[]) =>
    Math.min(...places.filter((_, index) => isBelow(index)).map((place) => place.y));
  // Closer to the card's row than the next row of cards was.
  expect(panel.y - rowBottom).toBeLessThan(below(before) - rowY);
  expect(below(after)).toBeGreaterThanOrEqual(panel.y + panel.height);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('joint-grid-open.png') });

  // Closed again, the grid is as it was, and the focus is still on the card's button.
  await card.press('Enter');
  await expect(card).toHaveAttribute('aria-expanded', 'false');
  await expect(card).toBeFocused();
  await expect(details).toHaveCount(0);
  const rounded = (list: { x: number; y: number }[]) =>
    list.map((place) => [Math.round(place.x), Math.round(place.y)]);
  expect(rounded(await places())).toEqual(rounded(before));
});

test('the partner sees the same joint report through /joint', async ({ page, baseURL }) => {
  await signInAs(page, baseURL, 'father@demo.test');
  await page.goto('/joint');
  await expect(page).toHaveURL('/reports/joint');
  await expect(page.getByRole('heading', { level: 1, name: 'Joint report' })).toBeVisible();
  await expect(page.getByText('Version 1 of 1, signed off on 2/5/2025')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('an individual report: the latest version, an earlier one, and what changed', async ({
  page,
  baseURL,
}, testInfo) => {
  // The individual report is one long page with a chart per condition: two axe scans of it.
  test.setTimeout(120_000);
  const token = await signInAs(page, baseURL, 'individual@demo.test');
  await visit(page, '/reports');
  await expect(page.getByRole('tab', { name: 'Individual', selected: true })).toBeVisible();
  await page.getByRole('link', { name: 'Open the individual report' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Individual report' })).toBeVisible();
  await expect(page.getByText('Preconception Genetic Screening - 30x - Individual')).toBeVisible();
  await expect(page.getByText('Version 2 of 2, signed off on 1/27/2025')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What changed in version 2' })).toBeVisible();
  const findings = page.getByRole('table', { name: 'Variants found in your genome' });
  await expect(findings.getByRole('row', { name: /Beta-thalassemia/ })).toBeVisible();
  // The summary names the conditions furthest above average, and the single-gene finding.
  const orders = await page.request.get('/api/user', {
    params: { individual: 'true', withIndividualReport: 'true' },
    headers: { Authorization: `Bearer ${token}` },
  });
  const { order } = (await orders.json()) as { order: { id: string } };
  const individual = await reportContent<{
    diseases: { absoluteRisk: number; populationRisk: number }[];
  }>(page, token, `/api/individual_reports/${order.id}`);
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText(
    keyConditionsPattern(
      individual.diseases.map((result) => ({
        risk: result.absoluteRisk,
        average: result.populationRisk,
      })),
    ),
  );
  await expect(summary).toContainText(
    /a single-gene finding in your genes: HBB, linked to Beta-thalassemia/,
  );
  if (testInfo.project.name === 'desktop') {
    expect(await pageHeight(page)).toBeLessThan(HEIGHT_BEFORE.individual / 3);
  }
  // A condition's link in the table opens its section: absolute risk first, in words and
  // numbers.
  await page
    .getByRole('table', { name: 'Your lifetime risk of each condition' })
    .getByRole('link', { name: 'Type 2 Diabetes' })
    .click();
  await expect(page).toHaveURL(/#disease-t2d$/);
  await expect(
    page.getByText(/^About \d+ in 100 people like you develop type 2 diabetes in their lifetime/),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await expectEveryActionInView(page);
  await page.screenshot({ path: testInfo.outputPath('individual-report.png'), fullPage: true });

  await page.getByLabel('Version').selectOption({ label: 'Version 1, 11/18/2024' });
  await expect(page).toHaveURL(/version=1/);
  await expect(page.getByText('You are reading version 1')).toBeVisible();
  await expect(findings.getByRole('row', { name: /Beta-thalassemia/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  const pdf = await download(page, () =>
    page.getByRole('button', { name: 'Download PDF' }).click(),
  );
  expect(pdf.name).toMatch(/-v1\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await page.goto('/individual-reports');
  await expect(page).toHaveURL('/reports?tab=individual');
});

test('a new patient sees calm empty states on every tab', async ({
  page,
  context,
  baseURL,
  patientToken,
}) => {
  await useToken(context, String(baseURL), patientToken);
  await visit(page, '/reports');
  await expect(page.getByText(/No joint report yet/)).toBeVisible();
  await page.getByRole('tab', { name: 'Individual' }).click();
  await expect(page).toHaveURL('/reports?tab=individual');
  await expect(page.getByText(/No individual test yet/)).toBeVisible();
  await page.getByRole('tab', { name: 'Embryos' }).click();
  await expect(page.getByText(/No embryo report yet/)).toBeVisible();
  await expectNoAxeViolations(page);
  await visit(page, '/reports/joint');
  await expect(page.getByText(/has not delivered a joint report for you yet/)).toBeVisible();
});
