import { readFile } from 'node:fs/promises';
import type { EmbryoReport } from '@nestling/shared/contract/report';
import { heldBackConditions } from '@nestling/shared/risk/reportable';
import type { APIRequestContext, Page } from '@playwright/test';
import { signInAs, useToken } from './accounts.ts';
import { keyConditionsPattern, pageHeight } from './report-checks.ts';
import { expect, expectEveryActionInView, expectNoAxeViolations, test, visit } from './fixtures.ts';

/** The embryo couple's report as the API gives it, to check the pages against its numbers. */
async function embryoReportOf(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const portal = await request.get('/api/user', {
    params: { embryo: 'true', withPartner: 'true' },
    headers,
  });
  expect(portal.status()).toBe(200);
  const { account } = (await portal.json()) as {
    account: { embryoReports: { id: string }[] };
  };
  const id = account.embryoReports[0]?.id ?? '';
  const answer = await request.get(`/api/reports/${id}`, { headers });
  expect(answer.status()).toBe(200);
  const { report } = (await answer.json()) as { report: { content: EmbryoReport } };
  return { id, content: report.content };
}

const name = (label: string) => `Embryo ${label}`;

/** The pages' height at desktop width before each condition's detail was folded away (ADR 032). */
const HEIGHT_BEFORE = { embryo: 15129, platinum: 15923 } as const;

function byPriority(content: EmbryoReport): string[] {
  return [...content.embryos].sort((a, b) => a.priority - b.priority).map((e) => name(e.label));
}

/** The labels down a table's row headings, top to bottom. */
async function rowOrder(page: Page, tableName: RegExp): Promise<string[]> {
  return page.getByRole('table', { name: tableName }).getByRole('rowheader').allTextContents();
}

/** Nothing on the page is wider than the screen: wide tables scroll inside their own region. */
async function expectNoSidewaysScroll(page: Page) {
  // A string, evaluated in the page: this project's types have no DOM.
  const overflow: unknown = await page.evaluate(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  expect(Number(overflow)).toBeLessThanOrEqual(0);
}

test('an embryo patient reads the report, the overview, one embryo and the risk charts, and downloads the PDF', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const token = await signInAs(page, baseURL, 'embryo@demo.test');
  const { id, content } = await embryoReportOf(page.request, token);

  await visit(page, '/embryo-reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Embryo report' })).toBeVisible();
  await expect(page.getByText('Embryo Genetic Screening', { exact: true })).toBeVisible();
  await expect(
    page.getByText(`The lab screened six embryos. One embryo has a chromosome finding.`),
  ).toBeVisible();
  await expect(page.getByText(content.priorityMethod)).toBeVisible();
  await expect(page.getByText(/An embryo with the lowest risk can still develop/)).toBeVisible();
  // One card per embryo, in priority order, each leading to its page.
  const cards = page.getByRole('article');
  await expect(cards.getByRole('heading', { level: 3 })).toHaveText(byPriority(content));
  await expectNoSidewaysScroll(page);
  await expectEveryActionInView(page);

  // The PDF of the version on screen.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByRole('status').filter({ hasText: 'The PDF is saved.' })).toBeAttached();

  // The overview keeps the same report in its address.
  const pages = page.getByRole('navigation', { name: 'Pages of this report' });
  await pages.getByRole('link', { name: 'Overview' }).click();
  await expect(page).toHaveURL(`/embryo-reports/overview?report=${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Embryo overview' })).toBeVisible();
  expect(await rowOrder(page, /Your embryos at a glance/)).toEqual(byPriority(content));
  const aneuploid = content.embryos.find((embryo) => embryo.chromosomes.status === 'aneuploid');
  await expect(
    page.getByRole('row', { name: new RegExp(name(aneuploid?.label ?? '-')) }),
  ).toContainText(`Aneuploid: ${aneuploid?.chromosomes.detail ?? '-'}`);
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await expectEveryActionInView(page);

  // One embryo: its risks, absolute first, in words and numbers.
  const second = content.embryos[1];
  const firstDisease = second?.diseases[0];
  await page.getByRole('link', { name: name(second?.label ?? '-') }).click();
  await expect(page).toHaveURL(`/embryo-reports/embryos/2?report=${id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: name(second?.label ?? '-') }),
  ).toBeVisible();
  // The summary first; each condition's detail is folded away until opened.
  const summary = page.getByRole('region', { name: 'Summary' });
  expect(second?.chromosomes.status).toBe('euploid');
  await expect(summary).toContainText('Chromosomes: Euploid (expected chromosome count).');
  await expect(summary).toContainText(
    keyConditionsPattern(
      (second?.diseases ?? [])
        .filter((result) => !heldBackConditions(content).has(result.code))
        .map((result) => ({ risk: result.absoluteRisk, average: result.populationRisk })),
    ),
  );
  if (testInfo.project.name === 'desktop') {
    expect(await pageHeight(page)).toBeLessThan(HEIGHT_BEFORE.embryo / 3);
  }
  await page.getByRole('button', { name: 'Alcohol Use Disorder' }).click();
  await page.getByRole('button', { name: 'Ischemic Stroke' }).click();
  await expect(
    page.getByText(
      new RegExp(
        `^About \\d+ in 100 people with ${name(second?.label ?? '-')}'s genetic risk develop alcohol use disorder in their lifetime \\(${((firstDisease?.absoluteRisk ?? 0) * 100).toFixed(1)}%\\)\\.`,
      ),
    ),
  ).toBeVisible();
  await expect(
    page.getByText(
      `${name(second?.label ?? '-')}'s lifetime risk is ${firstDisease?.relativeRisk.toFixed(2) ?? '-'} times the population average.`,
      { exact: false },
    ),
  ).toBeVisible();
  // The demo lab holds back ischemic stroke, whose score explains too little (ADR 030).
  const heldBack = heldBackConditions(content);
  expect([...heldBack]).toEqual(['isc']);
  const notAccurate = 'Not reported: the score is not accurate enough';
  await expect(page.getByRole('region', { name: 'Ischemic Stroke' })).toContainText(notAccurate);
  await expect(
    page.getByRole('region', { name: 'Ischemic Stroke' }).getByRole('figure'),
  ).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await expectEveryActionInView(page);

  // The risk charts: a range chart and a density chart for every condition reported, with every
  // embryo it is reported for on each (a sex-specific condition: the embryos of that sex).
  await pages.getByRole('link', { name: 'Risk charts' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Risk charts: polygenic risk' }),
  ).toBeVisible();
  if (testInfo.project.name === 'desktop') {
    expect(await pageHeight(page)).toBeLessThan(HEIGHT_BEFORE.platinum / 3);
  }
  await page.getByRole('button', { name: 'Open all sections' }).click();
  const reported = content.childRisk.filter((range) => !heldBack.has(range.code));
  await expect(page.getByRole('img', { name: /Range of lifetime risk/ })).toHaveCount(
    reported.length,
  );
  await expect(page.getByRole('region', { name: 'Ischemic Stroke' })).toContainText(notAccurate);
  const markedEmbryos = reported.map(
    (range) =>
      content.embryos.filter((embryo) =>
        embryo.diseases.some((result) => result.code === range.code),
      ).length,
  );
  for (const count of new Set(markedEmbryos)) {
    await expect(
      page.getByRole('img', {
        name: new RegExp(`genetic scores in the population, with ${String(count)} embryos marked`),
      }),
    ).toHaveCount(markedEmbryos.filter((marked) => marked === count).length);
  }
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await expectEveryActionInView(page);

  // An embryo the report does not have says so and leads back.
  await visit(page, '/embryo-reports/embryos/9');
  await expect(page.getByRole('alert')).toHaveText(/There is no embryo 9 in this report/);
  await page.getByRole('link', { name: 'Back to the report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Embryo report' })).toBeVisible();
});

test('the comparison sorts by a condition’s risk and hides embryos with a finding', async ({
  page,
  baseURL,
}, testInfo) => {
  // A laptop's screen on the desktop project: the heat map shows every number on it.
  if (testInfo.project.name === 'desktop') await page.setViewportSize({ width: 1366, height: 768 });
  const token = await signInAs(page, baseURL, 'embryo@demo.test');
  const { content } = await embryoReportOf(page.request, token);
  const table = /Embryos compared/;

  await visit(page, '/compare-embryos');
  await expect(page.getByRole('heading', { level: 1, name: 'Compare embryos' })).toBeVisible();
  await expect(page.getByText(content.priorityMethod)).toBeVisible();

  // The heat map first: a row per condition, a column per embryo in priority order,
  // the risk printed in every cell of a reported condition.
  const views = page.getByRole('radiogroup', { name: 'Show as' });
  await expect(views.getByRole('radio', { name: 'Heat map' })).toBeChecked();
  const heatMap = page.getByRole('table', { name: /^Heat map/ });
  await expect(heatMap.getByRole('columnheader')).toHaveText(
    ['Condition', 'Average', ...byPriority(content)],
    { useInnerText: true },
  );
  await expect(heatMap.getByRole('rowheader')).toHaveCount(content.childRisk.length);
  const reportedCells = content.embryos.reduce(
    (count, embryo) =>
      count +
      embryo.diseases.filter((result) => !heldBackConditions(content).has(result.code)).length,
    0,
  );
  await expect(
    heatMap.getByRole('cell', { name: /^<?\d+\.\d% \(\d+\.\d\d× average\)$/ }),
  ).toHaveCount(reportedCells);
  const key = page.getByRole('list', { name: "Key to the heat map's colors" });
  if (testInfo.project.name === 'desktop') {
    // The key and every condition for every embryo on one screen, without scrolling sideways.
    const top = await key.boundingBox();
    await page.evaluate(`window.scrollBy(0, ${String(Math.floor((top?.y ?? 0) - 8))})`);
    await expect(key).toBeInViewport({ ratio: 1 });
    await expect(heatMap).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: testInfo.outputPath('heat-map.png') });
  } else {
    // On a phone the map scrolls sideways, and the condition names stay in view.
    const last = heatMap.getByRole('columnheader', { name: byPriority(content).at(-1) ?? '-' });
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport({ ratio: 1 });
    await expect(heatMap.getByRole('rowheader').first()).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: testInfo.outputPath('heat-map.png') });
  }
  await expectNoSidewaysScroll(page);
  await expectEveryActionInView(page);

  // The table: every result, one row per embryo.
  await views.getByText('Table', { exact: true }).click();
  await expect(views.getByRole('radio', { name: 'Table' })).toBeChecked();
  await expect(heatMap).toHaveCount(0);
  expect(await rowOrder(page, table)).toEqual(byPriority(content));
  await expectNoSidewaysScroll(page);
  await expectEveryActionInView(page);

  // By type 2 diabetes risk, lowest first, as the report's numbers order them.
  const riskOf = (embryo: EmbryoReport['embryos'][number]) =>
    embryo.diseases.find((result) => result.code === 't2d')?.absoluteRisk ?? 1;
  const byRisk = [...content.embryos]
    .sort((a, b) => riskOf(a) - riskOf(b) || a.priority - b.priority)
    .map((embryo) => name(embryo.label));
  expect(byRisk).not.toEqual(byPriority(content));
  await page.getByLabel('Sort by').selectOption({ label: 'Type 2 Diabetes: lowest risk first' });
  await expect.poll(() => rowOrder(page, table)).toEqual(byRisk);
  await expect(page.getByRole('columnheader', { name: /Type 2 Diabetes/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  // How sure that order is (ADR 028): the lowest score is the most often first, not always.
  const sure = page.getByRole('region', { name: 'How sure is this order?' });
  await expect(sure.getByText(/ranks first, with the lowest genetic risk/)).toHaveText(
    new RegExp(
      `^${byRisk[0] ?? '-'} ranks first, with the lowest genetic risk of type 2 diabetes, in about [1-9] of 10 plausible outcomes\\.$`,
    ),
  );
  expect(
    await rowOrder(page, /How often each embryo ranks first or in the top two for type 2 diabetes/),
  ).toHaveLength(content.embryos.length);
  await expectNoAxeViolations(page);
  await sure.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('ranking-stability.png') });

  // A condition reported for one sex only says why the other embryos' cells are empty.
  const male = content.embryos.find((embryo) => embryo.sex === 'male');
  expect(male).toBeDefined();
  await expect(
    page
      .getByRole('row', { name: new RegExp(`^${name(male?.label ?? '-')} `) })
      // Not the cells of a score not accurate enough, below.
      .getByRole('cell', { name: /^Not reported[^:]/ })
      .first(),
  ).toHaveText('Not reportedBreast cancer is reported for female embryos only.');

  // A condition whose score is not accurate enough (ADR 030): the words in every embryo's
  // cell, no number, and not a sort.
  const notAccurate = page.getByRole('cell', {
    name: 'Not reported: the score is not accurate enough',
    exact: true,
  });
  await expect(notAccurate).toHaveCount(content.embryos.length);
  await expect(
    page.getByLabel('Sort by').getByRole('option', { name: /Ischemic Stroke/ }),
  ).toHaveCount(0);
  await expect(
    page.getByRole('columnheader', { name: /Ischemic Stroke/ }).getByRole('button'),
  ).toHaveCount(0);
  await expect(
    page.getByText(/^Ischemic Stroke: not reported: the score is not accurate enough\./),
  ).toBeVisible();
  await notAccurate.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('held-back.png') });

  // Each filter hides its embryos and says how many.
  const withChromosomeFinding = content.embryos.filter(
    (embryo) => embryo.chromosomes.status !== 'euploid',
  );
  expect(withChromosomeFinding).toHaveLength(1);
  const chromosome = page.getByRole('checkbox', { name: 'Hide embryos with a chromosome finding' });
  await chromosome.check();
  const hiddenByChromosomes = name(withChromosomeFinding[0]?.label ?? '-');
  await expect(page.getByRole('status').filter({ hasText: /^Showing/ })).toHaveText(
    `Showing 5 of 6 embryos. 1 hidden: ${hiddenByChromosomes} (a chromosome finding).`,
  );
  await expect
    .poll(() => rowOrder(page, table))
    .toEqual(byRisk.filter((label) => label !== hiddenByChromosomes));
  await chromosome.uncheck();

  const withMonogenicFinding = content.embryos.filter((embryo) => embryo.monogenic.length > 0);
  expect(withMonogenicFinding).toHaveLength(1);
  await page.getByRole('checkbox', { name: 'Hide embryos with a monogenic finding' }).check();
  const hiddenByMonogenic = name(withMonogenicFinding[0]?.label ?? '-');
  await expect(page.getByRole('status').filter({ hasText: /^Showing/ })).toHaveText(
    `Showing 5 of 6 embryos. 1 hidden: ${hiddenByMonogenic} (a monogenic finding).`,
  );
  await expect
    .poll(() => rowOrder(page, table))
    .toEqual(byRisk.filter((label) => label !== hiddenByMonogenic));

  // The table scrolls inside its own region, which a keyboard can reach.
  const region = page.getByRole('region', { name: /Embryos compared.*scrolls sideways/ });
  await region.focus();
  await expect(region).toBeFocused();
  await expectNoSidewaysScroll(page);
  await expectEveryActionInView(page);
  await expectNoAxeViolations(page);
});

test('the partner sees the same embryo report, listed under /embryos', async ({
  page,
  baseURL,
}) => {
  await signInAs(page, baseURL, 'embryo-partner@demo.test');

  await page.goto('/embryos');
  await expect(page).toHaveURL('/reports/embryos');
  await expect(page.getByRole('heading', { level: 1, name: 'Embryo reports' })).toBeVisible();
  const card = page.getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('With Elena Example');
  await expect(card).toContainText('Version 1, signed off on 3/10/2025');
  await expectNoAxeViolations(page);

  await card.getByRole('link', { name: /Open the embryo report/ }).click();
  await expect(page).toHaveURL(/\/reports\/embryo\?report=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Embryo report' })).toBeVisible();
  await expect(page.getByText("The lab's reference for this report: DEMO-EMBRYO.")).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a demo account sees a demo report marked as sample data, without a PDF', async ({
  page,
  context,
  baseURL,
  patientToken,
}) => {
  await useToken(context, String(baseURL), patientToken);
  await visit(page, '/demo/30x-embryo-reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Embryo report' })).toBeVisible();
  await expect(page.getByText('Sample data', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Sample data, not a real patient' }),
  ).toBeVisible();
  await expect(page.getByText('Embryo Genetic Screening - 30x', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download PDF' })).toHaveCount(0);

  await page
    .getByRole('navigation', { name: 'Pages of this report' })
    .getByRole('link', { name: 'Compare embryos' })
    .click();
  await expect(page).toHaveURL('/demo/30x-embryo-reports/platinum/overview');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Risk charts overview: compare embryos' }),
  ).toBeVisible();
  await expect(page.getByText('Sample data', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await expectEveryActionInView(page);
});

test('an account without demo access is sent to /demo-redirect', async ({
  page,
  baseURL,
  expectedErrors,
}) => {
  // The browser logs the demo endpoint's 403 before the portal redirects.
  expectedErrors.push(/status of 403/);
  await signInAs(page, baseURL, 'mother@demo.test');
  await page.goto('/demo/embryo-reports');
  await expect(page).toHaveURL('/demo-redirect');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
});
