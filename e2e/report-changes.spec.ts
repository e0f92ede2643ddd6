import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import type { IndividualReport, ReportPayload } from '@nestling/shared/contract/report';
import {
  individualReports,
  motherReport,
} from '../apps/server/src/modules/demo-reports/payloads.ts';
import {
  DEMO_PASSWORD,
  newPatient,
  NEW_PATIENT_PASSWORD,
  signInByApi,
  useToken,
} from './accounts.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { waitForMail } from './mail.ts';
import { buyIndividualTest } from './purchases.ts';

/*
 * Notice of change (ADR 029): the lab delivers a new version of a report a person has opened;
 * they are mailed, and the report then says what changed since the version they last opened.
 * A new patient with a report of their own, so that no other spec sees the new version.
 */

/** Sends one version of a report as the lab does, with a key staff made for it. */
async function deliver(request: APIRequestContext, key: string, payload: ReportPayload) {
  const delivered = await request.post('/api/lab/reports', {
    headers: { authorization: `Bearer ${key}` },
    data: payload,
  });
  expect(delivered.status(), await delivered.text()).toBe(201);
}

test('a new version is mailed, and the report says what changed since the version last opened', async ({
  page,
  baseURL,
}, testInfo) => {
  // A purchase, two deliveries, a mail and a long report page.
  test.slow();
  const request = page.context().request;
  const email = await newPatient(request, String(baseURL), {
    label: 'report-changes',
    firstName: 'Vera',
    lastName: 'Version',
  });
  const token = await signInByApi(request, String(baseURL), email, NEW_PATIENT_PASSWORD);
  await buyIndividualTest(request, token, 'Vera Version');
  const portal = await request.get('/api/user?individual=true', {
    headers: { authorization: `Bearer ${token}` },
  });
  const { individualOrders } = (await portal.json()) as { individualOrders: { id: string }[] };
  const staffToken = await signInByApi(request, String(baseURL), 'staff@demo.test', DEMO_PASSWORD);
  const labReportId = `E2E-CHANGES-${randomUUID().slice(0, 6)}`;
  const labKey = await request.post('/api/admin/lab-keys', {
    headers: { authorization: `Bearer ${staffToken}` },
    data: { name: `e2e ${labReportId}` },
  });
  expect(labKey.status()).toBe(201);
  const { key } = (await labKey.json()) as { key: string };
  const first: ReportPayload = {
    ...motherReport,
    labReportId,
    individualOrderId: individualOrders[0]?.id,
  };
  await deliver(request, key, first);

  // She opens version 1: nothing to compare yet.
  await useToken(page.context(), String(baseURL), token);
  await page.goto('/reports?tab=individual');
  await page.getByRole('link', { name: 'Open the individual report' }).click();
  await expect(page.getByText('Version 1 of 1, signed off on')).toBeVisible();
  await expect(page.getByRole('region', { name: /^What changed since/ })).toHaveCount(0);

  const content = motherReport.content as IndividualReport;
  // The beta-thalassemia finding of the demo's amended individual report.
  const amended = individualReports.at(-1)?.content as IndividualReport;
  const hbb = amended.monogenic.find((finding) => finding.gene === 'HBB');
  if (hbb === undefined) throw new Error('The demo finding is gone');
  await deliver(request, key, {
    ...first,
    version: 2,
    changelog: 'Added a single-gene finding.',
    content: {
      ...content,
      monogenic: [...content.monogenic, hbb],
    },
  });
  const mail = await waitForMail(email, /has a new version/);
  expect(mail.text).not.toContain('HBB');

  await page.reload();
  await expect(page.getByText('Version 2 of 2, signed off on')).toBeVisible();
  const changes = page.getByRole('region', {
    name: 'What changed since version 1, the one you last opened',
  });
  await expect(changes).toContainText('Version 2: Added a single-gene finding.');
  await expect(changes.getByRole('listitem')).toHaveText([
    /^You: a new single-gene finding, HBB NM_000518\.5:c\.92\+1G>A \(Beta-thalassemia\), pathogenic\.$/,
  ]);
  await expectNoAxeViolations(page);
  await changes.scrollIntoViewIfNeeded();
  await page.screenshot({
    path: testInfo.outputPath(`report-changes-${testInfo.project.name}.png`),
  });

  // Reading it again still shows the same changes, until a newer version arrives.
  await page.reload();
  await expect(changes.getByRole('listitem')).toHaveCount(1);
});
