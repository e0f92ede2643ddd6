import type { Page } from '@playwright/test';
import { NEW_PATIENT_PASSWORD, newPatient, signInAs, signInByApi, useToken } from './accounts.ts';
import { expect, expectNoAxeViolations, test, visit } from './fixtures.ts';

/*
 * My Data is off until lab staff turn it on for a person (ADR 023): the person first finds the
 * pages saying so and no menu item; staff switch it on in the user list on /admin; the person
 * then has the My Data menu item and its page. Each state is scanned with axe.
 */

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The My Data menu item: in the main navigation on a desktop, in the menu on a phone. */
async function myDataLink(page: Page, isMobile: boolean) {
  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    return page.getByRole('dialog').getByRole('link', { name: 'My Data', exact: true });
  }
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Data' });
}

test('staff turn My Data on for a person, who then has it in the menu', async ({
  page,
  baseURL,
  request,
  isMobile,
  expectedErrors,
}) => {
  // Before it is on, the page asks the server, which refuses (403): the browser logs that.
  expectedErrors.push(/status of 403/, /^API GET \/my-data\/jobs failed with status 403$/);
  const email = await newPatient(request, String(baseURL), {
    label: 'my-data',
    firstName: 'Mira',
    lastName: 'Datum',
  });
  const signInPatient = async () => {
    await page.context().clearCookies();
    const token = await signInByApi(
      page.context().request,
      String(baseURL),
      email,
      NEW_PATIENT_PASSWORD,
    );
    await useToken(page.context(), String(baseURL), token);
  };

  // Off: no menu item, and the page says so and who can turn it on.
  await signInPatient();
  await visit(page, '/my-data');
  await expect(page.getByRole('status').filter({ hasText: 'My Data is off' })).toContainText(
    'My Data is not turned on for your account. Ask the lab to turn it on.',
  );
  await expectNoAxeViolations(page);
  await shot(page, 'my-data-off');
  await expect(await myDataLink(page, isMobile)).toHaveCount(0);

  // Staff find the person and switch My Data on.
  await page.context().clearCookies();
  await signInAs(page, baseURL, 'staff@demo.test');
  await visit(page, '/admin');
  await page.getByLabel('Search by name or email').fill(email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const toggle = page.getByRole('switch', { name: 'My Data for Mira Datum' });
  await expect(toggle).not.toBeChecked();
  await toggle.click({ force: true });
  await expect(toggle).toBeChecked();
  await expect(toggle).toBeEnabled();
  await expectNoAxeViolations(page);
  await shot(page, 'admin-my-data-on');
  // The change is in the audit log.
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Audit log entries' })
      .getByRole('row', { name: /staff@demo\.test.*data-portal-update/ })
      .first(),
  ).toBeVisible();

  // On: the person has the menu item, and it leads to My Data.
  await signInPatient();
  await page.goto('/');
  const link = await myDataLink(page, isMobile);
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL('/my-data');
  await expect(page.getByRole('heading', { level: 1, name: 'My data' })).toBeVisible();
  await expect(page.getByText('My Data is off')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shot(page, 'my-data-on');
});
