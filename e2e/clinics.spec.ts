import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { motherReport } from '../apps/server/src/modules/demo-reports/payloads.ts';
import {
  DEMO_PASSWORD,
  NEW_PATIENT_PASSWORD,
  newPatient,
  signInAs,
  signInByApi,
  useToken,
} from './accounts.ts';
import { expect, expectNoAxeViolations, test, visit } from './fixtures.ts';
import { waitForMail } from './mail.ts';
import { buyIndividualTest } from './purchases.ts';

/*
 * The partner clinic directory (ADR 021): a staff member adds a clinic (a ZIP the directory does
 * not know is refused at its field); a new patient finds it by ZIP, nearest first, and marks it
 * as their clinic. Sharing with it (ADR 026): a patient with a report shares it, and the clinic
 * opens it from the mailed link without an account, until the patient stops. Each state is
 * scanned with axe; screenshots at both widths.
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
  // A long walk: staff's form, then the directory's every state, each scanned.
  test.slow();
  // The ZIP the form sends first is refused (400), which the browser and the API client log.
  expectedErrors.push(/status of 400/, /^API POST \/admin\/clinics failed with status 400$/);
  const suffix = randomUUID().slice(0, 6);
  const name = `Big Sky Fertility ${suffix}`;
  const resultsEmail = `results-${suffix}@clinic.test`;

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
  await form.getByLabel(/^Results email/).fill(resultsEmail);
  await form.getByRole('button', { name: 'Add clinic' }).click();
  await expect(form.getByLabel(/^ZIP code/)).toHaveAccessibleDescription(
    /We cannot find this ZIP code/,
  );
  await expectNoAxeViolations(page);
  await shot(page, 'admin-clinic-error');
  await form.getByLabel(/^ZIP code/).fill('59601');
  await form.getByRole('button', { name: 'Add clinic' }).click();
  await expect(page.getByRole('region', { name })).toContainText(
    `Shared reports go to ${resultsEmail}`,
  );
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

/** A new patient with an individual report the lab has delivered; answers their token. */
async function patientWithReport(
  request: APIRequestContext,
  baseURL: string,
  labReportId: string,
): Promise<string> {
  const email = await newPatient(request, baseURL, {
    label: 'clinic-share',
    firstName: 'Rosa',
    lastName: 'Sharing',
  });
  const token = await signInByApi(request, baseURL, email, NEW_PATIENT_PASSWORD);
  await buyIndividualTest(request, token, 'Rosa Sharing');
  const portal = await request.get('/api/user?individual=true', {
    headers: { authorization: `Bearer ${token}` },
  });
  const { individualOrders } = (await portal.json()) as { individualOrders: { id: string }[] };
  const staffToken = await signInByApi(request, baseURL, 'staff@demo.test', DEMO_PASSWORD);
  const labKey = await request.post('/api/admin/lab-keys', {
    headers: { authorization: `Bearer ${staffToken}` },
    data: { name: `e2e ${labReportId}` },
  });
  expect(labKey.status()).toBe(201);
  const { key } = (await labKey.json()) as { key: string };
  const delivered = await request.post('/api/lab/reports', {
    headers: { authorization: `Bearer ${key}` },
    data: { ...motherReport, labReportId, individualOrderId: individualOrders[0]?.id },
  });
  expect(delivered.status(), await delivered.text()).toBe(201);
  return token;
}

test('a patient shares a report with their clinic, which opens it from the mailed link until the patient stops', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  // A purchase, a delivered report, and the clinic's own browser.
  test.slow();
  const suffix = randomUUID().slice(0, 6);
  const name = `Prairie Fertility ${suffix}`;
  const resultsEmail = `results-${suffix}@clinic.test`;
  const labReportId = `E2E-CLINIC-${suffix}`;
  const staffToken = await signInByApi(request, String(baseURL), 'staff@demo.test', DEMO_PASSWORD);
  const added = await request.post('/api/admin/clinics', {
    headers: { authorization: `Bearer ${staffToken}` },
    data: {
      name,
      addressLine1: '100 Capitol Ave',
      city: 'Pierre',
      state: 'SD',
      zip: '57501',
      phone: '(605) 555-0120',
      resultsEmail,
      active: true,
    },
  });
  expect(added.status(), await added.text()).toBe(200);
  const token = await patientWithReport(page.context().request, String(baseURL), labReportId);
  await useToken(page.context(), String(baseURL), token);

  await visit(page, '/clinics');
  const search = page.getByRole('search', { name: 'Clinics' });
  await search.getByLabel('Name, city, state or ZIP code').fill(name);
  await search.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `This is my clinic: ${name}` }).click();
  const mine = page.getByRole('region', { name: 'Your clinic' });
  await expect(mine).toContainText(`You do not share your reports with ${name}.`);

  // A dialog says what sharing means before anything is shared.
  await mine.getByRole('button', { name: `Share my reports with ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Share your reports with ${name}?` });
  await expect(dialog).toContainText('without your name or any result');
  await expectNoAxeViolations(page);
  await shot(page, 'clinics-share-dialog');
  await dialog.getByRole('button', { name: 'Share my reports' }).click();
  await expect(mine).toContainText(`You share your reports with ${name} since`);
  await expect(mine).toContainText('The clinic can open 1 report until');
  await expectNoAxeViolations(page);
  await shot(page, 'clinics-sharing');

  // The clinic's mail names no one; its link opens the report without an account.
  const mail = await waitForMail(resultsEmail, /shared their .* reports with/);
  expect(mail.text).not.toContain('Rosa');
  const link = /https?:\/\/[^\s/]+(\/clinic-share\/[\w-]+)/.exec(mail.text ?? '')?.[1] ?? '';
  expect(link).not.toBe('');
  const clinicContext = await browser.newContext({ baseURL: String(baseURL) });
  const clinicPage = await clinicContext.newPage();
  await visit(clinicPage, link);
  await expect(clinicPage.getByText(`Reports Rosa Sharing shares with ${name}.`)).toBeVisible();
  await expect(clinicPage.getByText('09/12/1989')).toBeVisible();
  const download = clinicPage.waitForEvent('download');
  await clinicPage
    .getByRole('button', { name: `Download Individual report ${labReportId} as PDF` })
    .click();
  expect((await download).suggestedFilename()).toBe(`individual-report-${labReportId}-v1.pdf`);
  await clinicPage.screenshot({
    path: test.info().outputPath('clinic-share-page.png'),
    fullPage: true,
  });

  // The patient stops: the link stops working at once.
  await mine.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(mine).toContainText(`You do not share your reports with ${name}.`);
  await clinicPage.reload();
  await expect(clinicPage.getByRole('alert')).toContainText('This link does not work any more');
  await expectNoAxeViolations(clinicPage);
  await clinicContext.close();
});
