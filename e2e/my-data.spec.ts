import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { IMPORT_FILE_REFUSED } from '@nestling/shared/contract/my-data';
import { NEW_PATIENT_PASSWORD, newPatient, signInAs, signInByApi, useToken } from './accounts.ts';
import { expect, expectNoAxeViolations, test, visit } from './fixtures.ts';
import { waitForMail } from './mail.ts';

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
  // The deletion confirmed with another address is refused (400) at its field.
  expectedErrors.push(/status of 400/, /^API POST \/user\/deletion failed with status 400$/);
  test.slow();
  const email = await newPatient(request, String(baseURL), {
    label: 'my-data',
    firstName: 'Mira',
    // Her own name: the desktop and the phone runs share the server and its admin list.
    lastName: `Datum ${test.info().project.name}`,
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

  // Data rights are everyone's: without My Data, account settings hold the research consent
  // and deleting the account.
  await visit(page, '/account-settings');
  const privacy = page.getByRole('region', { name: 'Your data and privacy' });
  const research = privacy.getByRole('checkbox', {
    name: /use my data, without my name, for research/,
  });
  await research.click();
  await expect(research).toBeChecked();
  await expect(privacy.getByText(/^You agreed on /)).toBeVisible();
  const deletion = privacy.getByRole('region', { name: 'Delete your account' });
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel(/^Your email address/).fill('someone-else@example.org');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByLabel(/^Your email address/)).toHaveAccessibleDescription(
    /Type the email address of your account exactly/,
  );
  await expectNoAxeViolations(page);
  await shot(page, 'account-delete-dialog');
  await dialog.getByLabel(/^Your email address/).fill(email);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(deletion).toContainText('Your account and everything in it will be deleted on');
  // Above every page until it happens or she keeps the account; and she is told by mail.
  const banner = page.getByRole('region', { name: 'Account deletion' });
  await expect(banner).toContainText('Your account will be deleted on');
  await visit(page, '/reports');
  await expect(banner).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'account-deletion-banner');
  await waitForMail(email, /will be deleted on/);
  await banner.getByRole('link', { name: 'Keep my account' }).click();
  await expect(page).toHaveURL('/account-settings');
  await deletion.getByRole('button', { name: 'Keep my account' }).click();
  await expect(deletion.getByRole('button', { name: 'Delete my account' })).toBeVisible();
  await expect(banner).toHaveCount(0);

  // Staff find the person and switch My Data on.
  await page.context().clearCookies();
  await signInAs(page, baseURL, 'staff@demo.test');
  await visit(page, '/admin');
  await page.getByLabel('Search by name or email').fill(email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const toggle = page.getByRole('switch', {
    name: `My Data for Mira Datum ${test.info().project.name}`,
  });
  await expect(toggle).not.toBeChecked();
  // The switch's input is drawn as its track; a keyboard user turns it with Space, which
  // does not depend on where the track sits in a table scrolled on a phone.
  await toggle.press('Space');
  await expect(toggle).toBeChecked();
  await expect(toggle).toBeEnabled();
  await expectNoAxeViolations(page);
  await shot(page, 'admin-my-data-on');
  // The change is in the audit log.
  await page.getByRole('tab', { name: 'Audit log' }).click();
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
  await expect(page.getByRole('region', { name: 'What we hold about you' })).toContainText(
    'Reports0 reports',
  );
  await expectNoAxeViolations(page);
  await shot(page, 'my-data-on');

  // Consent and deletion stay in account settings, for everyone.
  await expect(page.getByRole('link', { name: 'Account settings' })).toBeVisible();
});

/** A 23andMe download: `rows` autosomal calls, one no-call, X calls half heterozygous. */
function twentyThreeAndMe(rows: number): Buffer {
  const lines = [
    '# This data file generated by 23andMe at: Mon Jan 06 10:00:00 2025',
    '# We are using reference human assembly build 37 (also known as Annotation Release 104).',
    '# rsid\tchromosome\tposition\tgenotype',
  ];
  for (let i = 0; i < rows; i += 1) {
    lines.push(`rs${String(1000 + i)}\t2\t${String(10_000 + i)}\t${i % 3 === 0 ? 'CT' : 'CC'}`);
  }
  lines.push('rs9999001\t2\t999999\t--');
  for (let i = 0; i < 200; i += 1) {
    lines.push(
      `rs${String(50_000 + i)}\tX\t${String(3_000_000 + i)}\t${i % 2 === 0 ? 'AG' : 'CC'}`,
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** A one-sample VCF on GRCh38 (chromosome 1's length says so), gzip-compressed. */
function vcfGz(rows: number): Buffer {
  const lines = [
    '##fileformat=VCFv4.2',
    '##contig=<ID=chr1,length=248956422>',
    '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tSAMPLE',
  ];
  for (let i = 0; i < rows; i += 1) {
    lines.push(`chr1\t${String(20_000 + i)}\trs${String(i + 1)}\tA\tG\t50\tPASS\t.\tGT\t0/1`);
  }
  return gzipSync(Buffer.from(`${lines.join('\n')}\n`));
}

/** Downloads the card's file and checks it against the SHA-256 the card shows; its bytes. */
async function downloadFrom(page: Page, card: Locator): Promise<Buffer> {
  const shown = /SHA-256\s*([0-9a-f]{64})/.exec((await card.textContent()) ?? '')?.[1];
  const started = page.waitForEvent('download');
  // The card's first file: the one whose SHA-256 is shown first (a VCF has its index after it).
  await card
    .getByRole('button', { name: /^Download / })
    .first()
    .click();
  const download = await started;
  const bytes = await readFile(await download.path());
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(shown);
  return bytes;
}

test('a person imports a 23andMe file and a VCF, exports a FHIR bundle and the VCF, and deletes an import', async ({
  page,
  baseURL,
  request,
  expectedErrors,
}) => {
  test.setTimeout(120_000);
  const email = await newPatient(request, String(baseURL), {
    label: 'imports',
    firstName: 'Ines',
    lastName: 'Import',
  });
  const token = await signInByApi(
    page.context().request,
    String(baseURL),
    email,
    NEW_PATIENT_PASSWORD,
  );
  const me = await page.context().request.get('/api/user', {
    headers: { authorization: `Bearer ${token}` },
  });
  const userId = ((await me.json()) as { user: { id: string } }).user.id;
  const staff = await signInByApi(request, String(baseURL), 'admin@nestling.health');
  const turnedOn = await request.put(`/api/admin/users/${userId}/data-portal`, {
    headers: { authorization: `Bearer ${staff}`, origin: String(baseURL) },
    data: { enabled: true },
  });
  expect(turnedOn.status()).toBe(200);
  await useToken(page.context(), String(baseURL), token);

  // A file of the wrong kind is refused in the page, before anything is sent.
  await visit(page, '/my-data/new-import');
  const input = page.getByLabel('Genetic data file');
  await input.setInputFiles({
    name: 'results.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7'),
  });
  await expect(page.getByRole('alert')).toHaveText(IMPORT_FILE_REFUSED);
  await expectNoAxeViolations(page);

  const genome = twentyThreeAndMe(3000);
  await input.setInputFiles({ name: 'genome_Ines_v5.txt', mimeType: 'text/plain', buffer: genome });
  await page.getByRole('button', { name: 'Upload and import' }).click();
  // Read as it arrived: the box says it is imported, not merely uploaded.
  await expect(page.getByRole('status').filter({ hasText: 'Imported' })).toContainText(
    'genome_Ines_v5.txt is imported',
  );
  await expectNoAxeViolations(page);
  await shot(page, 'new-import-uploaded');

  await page.getByRole('button', { name: 'Import another file' }).click();
  const vcf = vcfGz(2000);
  await page
    .getByLabel('Genetic data file')
    .setInputFiles({ name: 'sequencing.vcf.gz', mimeType: 'application/gzip', buffer: vcf });
  await page.getByRole('button', { name: 'Upload and import' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Imported|reading it/ })).toContainText(
    'sequencing.vcf.gz is',
  );

  // The imports page follows both files until they are read, then shows what was found.
  await page.getByRole('status').getByRole('link', { name: 'imports page' }).click();
  await expect(page).toHaveURL('/my-data/imports');
  const genomeCard = page.getByRole('region', { name: 'genome_Ines_v5.txt' });
  const vcfCard = page.getByRole('region', { name: 'sequencing.vcf.gz' });
  await expect(genomeCard.getByText('Imported', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(vcfCard.getByText('Imported', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(genomeCard).toContainText('23andMe');
  await expect(genomeCard).toContainText('GRCh37');
  await expect(genomeCard).toContainText('3,201');
  await expect(genomeCard).toContainText('female');
  // The SHA-256 shown is the file's own: the person can check it against their copy.
  await expect(genomeCard).toContainText(createHash('sha256').update(genome).digest('hex'));
  await expect(vcfCard).toContainText('GRCh38');
  await expect(vcfCard).toContainText('2,000');
  await expect(vcfCard).toContainText(createHash('sha256').update(vcf).digest('hex'));
  await expectNoAxeViolations(page);
  await shot(page, 'imports-done');

  // Exports: the health record as a FHIR bundle, and the VCF's genotypes back out; each
  // downloaded file has the SHA-256 the page shows.
  await visit(page, '/my-data/exports');
  const form = page.getByRole('region', { name: 'Prepare an export' });
  await form.getByRole('button', { name: 'Prepare export' }).click();
  const fhirCard = page.getByRole('region', { name: /^Health record \(FHIR R4 bundle\),/ });
  await expect(fhirCard.getByText('Ready', { exact: true })).toBeVisible({ timeout: 30_000 });
  const fhir = await downloadFrom(page, fhirCard);
  const bundle = JSON.parse(fhir.toString()) as { resourceType: string; type: string };
  expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });

  await form.getByRole('radio', { name: 'Genotypes as a VCF' }).check();
  await expect(form.getByLabel('Imported file')).toHaveValue(/.+/);
  await form.getByRole('button', { name: 'Prepare export' }).click();
  const vcfExportCard = page.getByRole('region', { name: /^Genotypes as a VCF, from sequencing/ });
  await expect(vcfExportCard.getByText('Ready', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page);
  await shot(page, 'exports-ready');
  // The VCF comes with its tabix index beside it.
  await expect(
    vcfExportCard.getByRole('button', { name: /^Download .*\.vcf\.gz\.tbi$/ }),
  ).toBeVisible();
  const exported = gunzipSync(await downloadFrom(page, vcfExportCard)).toString();
  expect(exported.split('\n')[0]).toBe('##fileformat=VCFv4.2');
  expect(
    exported
      .trim()
      .split('\n')
      .filter((line) => !line.startsWith('#')),
  ).toHaveLength(2000);

  // Delete asks first.
  await visit(page, '/my-data/imports');
  await vcfCard.getByRole('button', { name: 'Delete sequencing.vcf.gz' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete sequencing.vcf.gz?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(vcfCard).toHaveCount(0);
  await expect(genomeCard).toBeVisible();

  // A file that is not what its name says is refused while it uploads, after its first piece,
  // with the reason; the imports page shows it too. The browser logs the refused request.
  expectedErrors.push(/status of 422/);
  await visit(page, '/my-data/new-import');
  await page.getByLabel('Genetic data file').setInputFiles({
    name: 'scan.txt',
    mimeType: 'text/plain',
    buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(9 * 1024 * 1024, 'x')]),
  });
  await page.getByRole('button', { name: 'Upload and import' }).click();
  const notUploaded = page.getByRole('alert').filter({ hasText: 'The file was not uploaded' });
  await expect(notUploaded).toContainText('23andMe, AncestryDNA or VCF');
  await expectNoAxeViolations(page);
  await shot(page, 'new-import-refused');
  await visit(page, '/my-data/imports');
  const scanCard = page.getByRole('region', { name: 'scan.txt' });
  await expect(scanCard.getByText('Failed', { exact: true })).toBeVisible();
  await expect(scanCard).toContainText('23andMe, AncestryDNA or VCF');
});
