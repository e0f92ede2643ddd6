import type { Page } from '@playwright/test';
import { signInOnPage } from './accounts.ts';
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

test('lab staff view the portal as a patient, every look is in the audit log', async ({
  page,
  isMobile,
}) => {
  await page.goto('/signin');
  await signInOnPage(page, 'staff@demo.test');
  await expect(page).toHaveURL('/');
  await openAdmin(page, isMobile);
  await expectNoAxeViolations(page);

  await findUser(page, 'elena');
  const row = resultRow(page, /embryo@demo\.test/);
  await expect(row).toBeVisible();
  // staff@demo.test is outside the company's domain: view-as only, no impersonation.
  await expect(row.getByRole('button', { name: /Impersonate/ })).toHaveCount(0);
  await row.getByRole('link', { name: 'View as Elena Example' }).click();

  await expect(page).toHaveURL('/?as_user=demo-embryo');
  const bar = page.getByRole('region', { name: 'Viewing as' });
  await expect(bar).toContainText('Viewing the portal as Elena Example (embryo@demo.test)');
  await expectNoAxeViolations(page);

  // The view stays on while moving around the portal.
  if (!isMobile) {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Resources' })
      .click();
    await expect(page).toHaveURL('/resources?as_user=demo-embryo');
    await expect(bar).toBeVisible();
  }
  await bar.getByRole('link', { name: 'Back to my portal' }).click();
  await expect(page).not.toHaveURL(/as_user/);
  await expect(page.getByRole('region', { name: 'Viewing as' })).toHaveCount(0);

  await page.goto('/admin');
  const audit = page.getByRole('region', { name: 'Audit log entries' });
  await expect(
    audit.getByRole('row', { name: /staff@demo\.test.*embryo@demo\.test.*view-as/ }).first(),
  ).toBeVisible();
});

test('a primary admin impersonates a patient and returns to their own account', async ({
  page,
  isMobile,
}) => {
  await page.goto('/signin');
  await signInOnPage(page, 'admin@nestling.health');
  await expect(page).toHaveURL('/');
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
  await expect(page).toHaveURL('/');
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
