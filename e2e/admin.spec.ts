import type { APIRequestContext, Page } from '@playwright/test';
import { auditAnswerSchema } from '@nestling/shared/contract/admin';
import { signInByApi, signInOnPage } from './accounts.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';

async function openAdmin(page: Page, isMobile: boolean) {
  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Admin', exact: true }).click();
  } else {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Admin', exact: true })
      .click();
  }
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

async function findUser(page: Page, query: string) {
  await page.getByLabel('Search by name or email').fill(query);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

/** A row of the search results (the audit log below has rows with emails too). */
function resultRow(page: Page, email: RegExp) {
  return page
    .getByRole('row', { name: email })
    .filter({ has: page.getByRole('link', { name: /^View as/ }) });
}

/** How many view-as entries the log holds for this staff member and patient. */
async function viewAsTotal(
  request: APIRequestContext,
  baseURL: string | undefined,
  patient: string,
) {
  const token = await signInByApi(request, String(baseURL), 'staff@demo.test');
  const response = await request.get('/api/admin/audit', {
    headers: { authorization: `Bearer ${token}` },
    params: { actor: 'staff@demo.test', subject: patient, action: 'view-as', pageSize: 1 },
  });
  expect(response.status()).toBe(200);
  return auditAnswerSchema.parse(await response.json()).total;
}

test('lab staff land on /admin, view the portal as a patient, one audit entry per page viewed', async ({
  page,
  isMobile,
  baseURL,
  request,
}) => {
  // Sign-in, two pages as the patient, the filtered log, four axe scans: slow machines need more.
  test.setTimeout(120_000);
  // Each project its own patient: the two run at once against one server.
  const patient = isMobile
    ? { search: 'daniel', email: 'father@demo.test', name: 'Daniel Demo', id: 'demo-father' }
    : { search: 'elena', email: 'embryo@demo.test', name: 'Elena Example', id: 'demo-embryo' };
  const before = await viewAsTotal(request, baseURL, patient.email);

  await page.goto('/signin');
  await signInOnPage(page, 'staff@demo.test');
  // Staff have no patient page of their own: sign-in leads to the admin page.
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  await expectNoAxeViolations(page);

  await findUser(page, patient.search);
  const row = resultRow(page, new RegExp(patient.email.replace('.', '\\.')));
  await expect(row).toBeVisible();
  // staff@demo.test is outside the company's domain: view-as only, no impersonation.
  await expect(row.getByRole('button', { name: /Impersonate/ })).toHaveCount(0);
  await row.getByRole('link', { name: `View as ${patient.name}` }).click();

  await expect(page).toHaveURL(`/?as_user=${patient.id}`);
  const bar = page.getByRole('region', { name: 'Viewing as' });
  await expect(bar).toContainText(`Viewing the portal as ${patient.name} (${patient.email})`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolations(page);
  const pagesViewed = 1;

  // The view stays on while moving around the portal.
  if (!isMobile) {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Resources' })
      .click();
    await expect(page).toHaveURL(`/resources?as_user=${patient.id}`);
    await expect(bar).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The guides read none of the patient's data: nothing to record.
  }
  await bar.getByRole('link', { name: 'Back to my portal' }).click();
  await expect(page).not.toHaveURL(/as_user/);
  await expect(page.getByRole('region', { name: 'Viewing as' })).toHaveCount(0);
  await page.goto('/admin');

  // One entry per page viewed, however many reads each page made.
  await page.getByRole('tab', { name: 'Audit log' }).click();
  const filters = page.getByRole('search', { name: 'Filter the audit log' });
  await filters.getByLabel(/^Staff member/).fill('staff@demo.test');
  await filters.getByLabel(/^Patient/).fill(patient.email);
  await filters.getByLabel('Action').selectOption('view-as');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  const total = before + pagesViewed;
  await expect(page.getByText(new RegExp(`^Entries 1–\\d+ of ${String(total)}$`))).toBeVisible();
  expect(await viewAsTotal(request, baseURL, patient.email)).toBe(total);
  const entries = page.getByRole('region', { name: 'Audit log entries' });
  const newest = entries.getByRole('row').nth(1);
  const cells = newest.getByRole('cell');
  await expect(cells.nth(1)).toHaveText('staff@demo.test');
  await expect(cells.nth(2)).toHaveText(patient.email);
  await expect(cells.nth(3)).toHaveText('view-as');
  await expect(cells.nth(4)).toHaveText('/');
  await expectNoAxeViolations(page);

  // Looked at in review at a phone's width and a laptop's.
  if (!isMobile) await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({
    path: test.info().outputPath(`audit-log-${isMobile ? '390' : '1366'}.png`),
    fullPage: true,
  });

  // A date range that ends before it starts is refused before asking.
  await filters.getByLabel('From').fill('2026-01-06');
  await filters.getByLabel('To').fill('2026-01-05');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(filters.getByLabel('To')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
});

test('a primary admin impersonates a patient and returns to their own account', async ({
  page,
  isMobile,
}) => {
  await page.goto('/signin');
  await signInOnPage(page, 'admin@nestling.health');
  await expect(page).toHaveURL('/admin');
  await openAdmin(page, isMobile);

  // Admins cannot be impersonated: their rows offer no button.
  await findUser(page, 'staff@demo.test');
  await expect(resultRow(page, /staff@demo\.test/)).toBeVisible();
  await expect(page.getByRole('button', { name: /Impersonate/ })).toHaveCount(0);

  await findUser(page, 'individual@demo.test');
  await page.getByRole('button', { name: 'Impersonate Iris Sample' }).click();

  const bar = page.getByRole('region', { name: 'Impersonation' });
  await expect(bar).toContainText('You are signed in as Iris Sample (individual@demo.test)');
  await expect(page).toHaveURL('/');
  await expectNoAxeViolations(page);

  // The portal answers as the patient; the changes only she may make are not offered.
  await page.goto('/account-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await expect(page.getByLabel(/^First name/)).toHaveValue('Iris');
  await expect(page.getByRole('form', { name: 'Change your password' })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Change your email' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await bar.getByRole('button', { name: 'Return to my account' }).click();
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('region', { name: 'Impersonation' })).toHaveCount(0);
  await page.goto('/account-settings');
  await expect(page.getByLabel(/^First name/)).toHaveValue('Avery');
});

test('patients are told the admin page is for lab staff', async ({ page }) => {
  await page.goto('/signin');
  await signInOnPage(page, 'new@demo.test');
  await expect(page).toHaveURL('/');
  await page.goto('/admin');
  await expect(page.getByText('This page is for lab staff.')).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Admin', exact: true }),
  ).toHaveCount(0);
});

test("staff set a condition's starting value for the risk calculator, then restore it", async ({
  page,
  isMobile,
}) => {
  // Each project its own condition: the two run at once against one server.
  const condition = isMobile ? 'Multiple Sclerosis' : 'Endometriosis';
  await page.goto('/signin');
  await signInOnPage(page, 'admin@nestling.health');
  await expect(page).toHaveURL('/admin');
  await page.goto('/admin?tab=risk-values');
  await expect(
    page.getByRole('heading', { name: 'Risk calculator values', level: 2 }),
  ).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(`^${condition}`) });
  await expect(row).toContainText('Published');

  await row.getByRole('button', { name: `Edit ${condition}` }).click();
  const form = page.getByRole('form', { name: `Values for ${condition}` });
  await form.getByLabel('Prevalence in %').fill('0.42');
  await form.getByLabel(/^Note/).fill('Our own patients, audit of 2026');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Save' }).click();

  await expect(form).toHaveCount(0);
  await expect(row).toContainText('0.42%');
  await expect(row).toContainText('Set by the lab (prevalence)');
  await expect(row).toContainText('by admin@nestling.health');

  await row.getByRole('button', { name: `Edit ${condition}` }).click();
  await form.getByRole('button', { name: 'Restore published values' }).click();
  await page
    .getByRole('dialog', { name: `Restore the published values of ${condition}?` })
    .getByRole('button', { name: 'Restore', exact: true })
    .click();
  await expect(row).toContainText('Published');
  await expect(row).not.toContainText('0.42%');
  await expect(page.getByText(`${condition} is back to the published values.`)).toBeVisible();
});

test('staff make a lab API key, copy it once, and revoke it; the mail tab says every mail went', async ({
  page,
  isMobile,
}) => {
  const name = `Pipeline ${isMobile ? 'phone' : 'desktop'} ${String(Date.now())}`;
  await page.goto('/signin');
  await signInOnPage(page, 'admin@nestling.health');
  await expect(page).toHaveURL('/admin');
  await page.goto('/admin?tab=lab-keys');
  await page.getByRole('textbox', { name: /What it is for/ }).fill(name);
  await page.getByRole('button', { name: 'Make the key' }).click();
  const shown = page.getByRole('status').filter({ hasText: `The key for ${name}` });
  await expect(shown).toContainText(/lab_[\w-]{20,}/);
  await expectNoAxeViolations(page);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Never');
  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Revoke ${name}?` })
    .getByRole('button', { name: 'Revoke the key' })
    .click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Revoked');

  // Mail not delivered yet (ADR 047): none here, where every mail lands in the outbox folder.
  await page.getByRole('tab', { name: 'Mail' }).click();
  await expect(page).toHaveURL('/admin?tab=mail');
  await expect(page.getByRole('heading', { name: 'Mail not delivered yet' })).toBeVisible();
  await expect(page.getByText('Every mail has been delivered to the mail server.')).toBeVisible();
  await expectNoAxeViolations(page);
});
