import type { Page } from '@playwright/test';
import { googleServerURL, signInAs } from './accounts.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';

/*
 * Counseling-first release of sensitive results (ADR 022): staff mark a condition as sensitive
 * on /admin; the patient's report holds it back with a calm panel, explains before showing it,
 * and shows it once she chooses; her partner still sees it held back.
 *
 * A rule holds a condition back in every report, so this runs on the third e2e server (its own
 * data, where no other spec reads reports) rather than the one the other specs share. Each
 * project uses its own couple and condition, so that the two can run at once; the rule is
 * removed at the end.
 */

const cases = {
  desktop: {
    code: 'celiac',
    condition: 'Celiac Disease',
    chart: /^Range of lifetime risk of celiac disease for your future children/,
    person: 'mother@demo.test',
    partner: 'father@demo.test',
    path: '/reports/joint',
  },
  phone: {
    code: 'parkinsons',
    condition: "Parkinson's Disease",
    chart: /^Range of lifetime risk of Parkinson's disease for your future children/,
    person: 'embryo@demo.test',
    partner: 'embryo-partner@demo.test',
    path: '/embryo-reports/platinum',
  },
} as const;

/** The report pages are long: what the viewport shows is what matters here. */
async function shot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });
}

test('staff mark a condition sensitive; the patient chooses to see it, her partner does not yet', async ({
  page,
  baseURL,
}, testInfo) => {
  // Three people, each on a long report page, and six axe scans.
  test.setTimeout(120_000);
  const chosen = testInfo.project.name === 'phone' ? cases.phone : cases.desktop;
  const portal = googleServerURL(String(baseURL));
  const adminToken = await signInAs(page, portal, 'admin@nestling.health');

  try {
    // Staff: the condition, from the catalogue, with a note for staff.
    await page.goto(`${portal}/admin?tab=sensitive-results`);
    await expect(page.getByRole('heading', { level: 2, name: 'Sensitive results' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Add a sensitive result' });
    await form.getByLabel(/^Condition/).selectOption({ label: chosen.condition });
    await form.getByLabel(/^Note for staff/).fill('Offer counseling first');
    await form.getByRole('button', { name: 'Add' }).click();
    const rules = page.getByRole('table', { name: 'Held back until each person chooses' });
    await expect(rules.getByRole('row', { name: new RegExp(chosen.condition) })).toContainText(
      'Offer counseling first',
    );
    await expectNoAxeViolations(page);
    await shot(page, 'admin-sensitive-results', true);

    // The patient: the panel where the results would be, and no chart of the condition.
    await page.context().clearCookies();
    await signInAs(page, portal, chosen.person);
    await page.goto(`${portal}${chosen.path}`);
    const heldBack = page.getByRole('region', { name: /held back$/ });
    await expect(heldBack).toBeVisible();
    await expect(heldBack).toContainText('genetic counselor');
    await expect(
      heldBack.getByRole('link', { name: 'Book a counseling appointment' }),
    ).toHaveAttribute('href', '/schedule-appointment');
    // Not even the condition's section is there to open.
    await expect(page.getByRole('button', { name: chosen.condition, exact: true })).toHaveCount(0);
    await expect(page.getByRole('img', { name: chosen.chart })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await heldBack.scrollIntoViewIfNeeded();
    await shot(page, 'held-back');

    // The explanation first, then the choice.
    await heldBack.getByRole('button', { name: 'Show these results' }).click();
    const dialog = page.getByRole('dialog', { name: 'Before you see these results' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('your partner makes their own choice');
    await expectNoAxeViolations(page);
    await shot(page, 'explanation');
    await dialog.getByRole('button', { name: 'Show the results' }).click();
    await expect(dialog).toBeHidden();
    // The condition's section is back, and opens on demand as every other.
    await page.getByRole('button', { name: chosen.condition, exact: true }).click();
    await expect(page.getByRole('img', { name: chosen.chart })).toBeVisible();
    await expect(heldBack).toBeHidden();
    await expect(page.getByText(/you chose to see them/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByText(/you chose to see them/).scrollIntoViewIfNeeded();
    await shot(page, 'released');

    // Her partner has not chosen: still held back for him.
    await page.context().clearCookies();
    await signInAs(page, portal, chosen.partner);
    await page.goto(`${portal}${chosen.path}`);
    await expect(page.getByRole('region', { name: /held back$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: chosen.condition, exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
  } finally {
    // The rule goes, so that no other test meets it (the other project's stays its own).
    const headers = { Authorization: `Bearer ${adminToken}` };
    const list = await page.request.get(`${portal}/api/admin/sensitive-rules`, { headers });
    const { rules } = (await list.json()) as { rules: { id: string; code: string }[] };
    for (const rule of rules.filter((entry) => entry.code === chosen.code)) {
      await page.request.delete(`${portal}/api/admin/sensitive-rules/${rule.id}`, { headers });
    }
  }
});
