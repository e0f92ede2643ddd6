import type { Page } from '@playwright/test';
import { signInAs } from './accounts.ts';
import { expect, expectNoAxeViolations, test, visit } from './fixtures.ts';

/*
 * The risk calculator as the demo mother uses it: every input moves the answer the way the
 * model says it should, her report and the report her partner shares fill the percentiles, her
 * survey (asthma since childhood) fills the parents' disease status, a wrong value is refused
 * next to its field. Each state is scanned with axe once; screenshots are kept for both widths.
 */

interface Figures {
  baseline: number;
  selected: number;
  relative: number;
}

/** The answer's three figures, in per cent, once it shows them. */
async function figures(page: Page): Promise<Figures> {
  const region = page.getByRole('region', { name: 'The answer' });
  await expect(region.getByText('Without selection', { exact: true }).first()).toBeVisible();
  const text = (await region.textContent()) ?? '';
  const number = (pattern: RegExp) => {
    const match = pattern.exec(text);
    if (match?.[1] === undefined) throw new Error(`No ${String(pattern)} in: ${text}`);
    return Number(match[1]);
  };
  return {
    baseline: number(
      /Without selection \(any one embryo\): about [\d.,]+ in [\d,]+ .*? \(([\d.]+)%\)/,
    ),
    selected: number(/With selection \(.*?\): about [\d.,]+ in [\d,]+ \(([\d.]+)%\)/),
    relative: number(/relative reduction of ([\d.]+)%/),
  };
}

/** Waits until the answer differs from `before`, and answers the new figures. */
async function changedFrom(page: Page, before: Figures): Promise<Figures> {
  let after = before;
  await expect
    .poll(async () => {
      after = await figures(page);
      return JSON.stringify(after) !== JSON.stringify(before);
    })
    .toBe(true);
  return after;
}

async function replace(page: Page, label: RegExp, value: string) {
  const field = page.getByLabel(label);
  await field.fill(value);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('every input moves the answer, the reports and the survey fill what they can, and a wrong value is refused', async ({
  page,
  baseURL,
}) => {
  // Every input of the calculator, each answer redrawn and scanned: 41 s alone on a slow
  // machine, over 80 s beside another worker.
  test.slow();
  await signInAs(page, baseURL, 'mother@demo.test');
  await visit(page, '/risk-calculator');
  await expect(page.getByText('Published values', { exact: true })).toBeVisible();
  let now = await figures(page);
  expect(now.selected).toBeLessThan(now.baseline);
  // The chart of 1 to 10 embryos is drawn under the answer.
  await expect(page.getByRole('figure', { name: /by the number of embryos/ })).toBeVisible();
  await shot(page, 'calculator-population');

  // The condition brings its own published values.
  await page
    .getByRole('combobox', { name: 'Condition' })
    .selectOption({ label: 'Type 1 Diabetes' });
  await expect(page.getByLabel(/^Prevalence/)).not.toHaveValue('1');
  now = await changedFrom(page, now);

  // A higher prevalence raises both risks.
  const beforePrevalence = now;
  await replace(page, /^Prevalence/, '2');
  now = await changedFrom(page, now);
  expect(now.baseline).toBeGreaterThan(beforePrevalence.baseline);
  await expect(page.getByText('Your own values', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Restore the published values' }).click();
  await expect(page.getByText('Published values', { exact: true })).toBeVisible();
  now = await changedFrom(page, now);

  // A more accurate score and more embryos each reduce the risk more.
  let before = now;
  await replace(page, /^Score accuracy/, '0.1');
  now = await changedFrom(page, now);
  expect(now.relative).toBeLessThan(before.relative);
  before = now;
  await replace(page, /^Number of embryos/, '10');
  now = await changedFrom(page, now);
  expect(now.relative).toBeGreaterThan(before.relative);

  // High-risk exclusion reduces less than picking the lowest; a smaller excluded top, less still.
  before = now;
  await page.getByRole('radio', { name: /^High-risk exclusion/ }).check();
  now = await changedFrom(page, now);
  expect(now.relative).toBeLessThan(before.relative);
  before = now;
  await replace(page, /^Exclude scores in the population's top/, '1');
  now = await changedFrom(page, now);
  expect(now.relative).toBeLessThan(before.relative);

  // The parents' percentiles: hers from her report, Daniel's from the report he shares.
  await page.getByRole('radio', { name: "Each parent's score percentile" }).check();
  await expect(page.getByText(/^From your individual report: \d+(\.\d+)?\.$/)).toBeVisible();
  await expect(
    page.getByText(/^From Daniel's individual report, which they share with you: \d+(\.\d+)?\.$/),
  ).toBeVisible();
  const reported = async (text: RegExp) =>
    /: ([\d.]+)\.$/.exec((await page.getByText(text).textContent()) ?? '')?.[1] ?? 'none';
  await expect(page.getByLabel(/^Your score percentile/)).toHaveValue(
    await reported(/^From your individual report/),
  );
  await expect(page.getByLabel(/^Your partner's score percentile/)).toHaveValue(
    await reported(/^From Daniel's individual report/),
  );
  now = await figures(page);
  before = now;
  await replace(page, /^Your partner's score percentile/, '99');
  now = await changedFrom(page, now);
  expect(now.baseline).toBeGreaterThan(before.baseline);
  await expectNoAxeViolations(page);
  await shot(page, 'calculator-percentiles');

  // Her survey says she has had childhood asthma: one affected parent.
  await page.getByRole('radio', { name: /^Lowest-risk prioritization/ }).check();
  await page
    .getByRole('combobox', { name: 'Condition' })
    .selectOption({ label: 'Childhood Asthma' });
  await page.getByRole('radio', { name: 'How many parents have the condition' }).check();
  await expect(
    page.getByText(/Your health survey says you have been diagnosed with childhood asthma/),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: 'One', exact: true })).toBeChecked();
  now = await figures(page);
  before = now;
  await page.getByRole('radio', { name: 'Both', exact: true }).check();
  now = await changedFrom(page, now);
  expect(now.baseline).toBeGreaterThan(before.baseline);
  before = now;
  await replace(page, /^Heritability/, '0.5');
  now = await changedFrom(page, now);
  expect(now.baseline).toBeLessThan(before.baseline);
  await expectNoAxeViolations(page);
  await shot(page, 'calculator-disease');

  // A wrong value is refused by name, and no number is shown for it.
  await replace(page, /^Prevalence/, 'abc');
  await expect(page.getByText(/must be a number greater than 0 and less than 100/i)).toBeVisible();
  await expect(page.getByRole('region', { name: 'The answer' })).toContainText('No answer yet');
  await expect(
    page
      .getByRole('region', { name: 'The answer' })
      .getByText('Without selection', { exact: true }),
  ).toHaveCount(0);
  await replace(page, /^Score accuracy/, '0.9');
  await replace(page, /^Prevalence/, '10');
  await expect(page.getByText(/not exceed the heritability/)).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'calculator-refused');

  // The limits are stated on the page.
  await expect(page.getByRole('heading', { name: 'What this cannot tell you' })).toBeVisible();
  await expect(page.getByText(/professional societies advise caution/i)).toBeVisible();
});
