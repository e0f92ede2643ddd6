import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { NEW_PATIENT_PASSWORD, newPatient, signInAs, signInByApi, useToken } from './accounts.ts';
import { expect, expectNoAxeViolations, test, visit } from './fixtures.ts';

/*
 * The partner clinic directory (ADR 021): a staff member adds a clinic (a ZIP the directory does
 * not know is refused at its field); a new patient finds it by ZIP, nearest first, and marks it
 * as their clinic. Each state is scanned with axe; screenshots at both widths.
 */

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('staff add a clinic; a patient finds it by ZIP, nearest first, and chooses it', async ({
  page,
  baseURL,
  request,
  expectedErrors,
}) => {
  // The ZIP the form sends first is refused (400), which the browser and the API client log.
  expectedErrors.push(/status of 400/, /^API POST \/admin\/clinics failed with status 400$/);
  const name = `Big Sky Fertility ${randomUUID().slice(0, 6)}`;

  // Staff: the form refuses a ZIP it cannot place, at the field, then takes a known one.
  await signInAs(page, baseURL, 'staff@demo.test');
  await visit(page, '/admin?tab=clinics');
  const form = page.getByRole('form', { name: 'Add a clinic' });
  await form.getByLabel(/^Name/).fill(name);
  await form.getByLabel(/^Street address/).fill('40 N Last Chance Gulch');
  await form.getByLabel(/^City/).fill('Helena');
  await form.getByLabel(/^State/).selectOption('MT');
  await form.getByLabel(/^ZIP code/).fill('00000');
  await form.getByLabel(/^Phone/).fill('(406) 555-0110');
  await form.getByLabel(/^Website/).fill('https://big-sky-fertility.example');
  await form.getByRole('button', { name: 'Add clinic' }).click();
  await expect(form.getByLabel(/^ZIP code/)).toHaveAccessibleDescription(
    /We cannot find this ZIP code/,
  );
  await expectNoAxeViolations(page);
  await shot(page, 'admin-clinic-error');
  await form.getByLabel(/^ZIP code/).fill('59601');
  await form.getByRole('button', { name: 'Add clinic' }).click();
  await expect(page.getByRole('region', { name })).toBeVisible();
  await expect(form.getByLabel(/^Name/)).toHaveValue('');

  // A new patient.
  const email = await newPatient(request, String(baseURL), {
    label: 'clinics',
    firstName: 'Maya',
    lastName: 'Test',
  });
  await page.context().clearCookies();
  const token = await signInByApi(
    page.context().request,
    String(baseURL),
    email,
    NEW_PATIENT_PASSWORD,
  );
  await useToken(page.context(), String(baseURL), token);

  // Empty search: every clinic, by name; no clinic chosen yet.
  await visit(page, '/clinics');
  await expect(page.getByText('You have not chosen a clinic yet.')).toBeVisible();
  await expect(page.getByText('All our partner clinics, by name.')).toBeVisible();
  await shot(page, 'clinics-empty-search');

  // A ZIP: nearest first, with distances.
  const search = page.getByRole('search', { name: 'Clinics' });
  await search.getByLabel('Name, city, state or ZIP code').fill('59601');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Nearest first to 59601 (Helena, MT).')).toBeVisible();
  const list = page.getByRole('list', { name: 'Clinics found' });
  const ours = list.getByRole('listitem').filter({ hasText: name });
  await expect(ours).toContainText('less than 1 mi');
  const names = await list.getByRole('heading', { level: 3 }).allTextContents();
  expect(names.indexOf(name)).toBeGreaterThanOrEqual(0);
  expect(names.indexOf(name)).toBeLessThan(names.indexOf('Lakeshore Fertility Institute'));
  expect(names.indexOf('Lakeshore Fertility Institute')).toBeLessThan(
    names.indexOf('Hudson Fertility Partners'),
  );
  const maps = ours.getByRole('link', { name: `Open ${name} in maps (opens in a new tab)` });
  await expect(maps).toHaveAttribute('target', '_blank');
  await expect(maps).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/,
  );
  await expectNoAxeViolations(page);
  await shot(page, 'clinics-results');

  // A search that finds nothing, and a ZIP nobody knows.
  await search.getByLabel('Name, city, state or ZIP code').fill('Atlantis');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No clinics match “Atlantis”.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  await search.getByLabel('Name, city, state or ZIP code').fill('00000');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(
    page.getByText('We do not know the ZIP code 00000.', { exact: false }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'clinics-no-results');

  // Choose it: it is marked in the list and shown as the person's clinic.
  await search.getByLabel('Name, city, state or ZIP code').fill('59601');
  await search.getByRole('button', { name: 'Search' }).click();
  await ours.getByRole('button', { name: `This is my clinic: ${name}` }).click();
  await expect(ours.getByText('Your clinic', { exact: true })).toBeVisible();
  const mine = page.getByRole('region', { name: 'Your clinic' });
  await expect(mine).toContainText(name);
  await expectNoAxeViolations(page);
  await shot(page, 'clinics-chosen');

  // It stays chosen on a new visit, and can be cleared.
  await visit(page, '/clinics');
  await expect(page.getByRole('region', { name: 'Your clinic' })).toContainText(name);
  await page.getByRole('button', { name: 'Clear my clinic' }).click();
  await expect(page.getByText('You have not chosen a clinic yet.')).toBeVisible();
});
