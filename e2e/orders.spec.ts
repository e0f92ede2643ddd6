import type { Page } from '@playwright/test';
import { signInAs, signInByApi, useToken, newPatient, NEW_PATIENT_PASSWORD } from './accounts.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { waitForMail } from './mail.ts';
import { buyIndividualTest } from './purchases.ts';

const password = NEW_PATIENT_PASSWORD;

/** The tracker's step for a stage. */
function step(page: Page, label: string) {
  return page
    .getByRole('list', { name: 'Progress' })
    .getByRole('listitem')
    .filter({
      has: page.getByText(label, { exact: true }),
    });
}

test('a patient follows their order; staff record the shipment and the tracker moves', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = await newPatient(page.request, String(baseURL), {
    label: 'orders',
    firstName: 'Olive',
    lastName: 'Order',
  });
  const token = await signInByApi(page.request, String(baseURL), email, password);
  const orderId = await buyIndividualTest(page.request, token, 'Olive Order');
  await useToken(page.context(), String(baseURL), token);

  // Their purchases, and the way to the tracker.
  await page.goto('/purchased');
  const card = page.getByRole('region', { name: /^Order NS-/ });
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(/ - Individual$/);
  await expect(card).toContainText('Paid');
  await expectNoAxeViolations(page);
  // The receipt opens in a tab of its own, through a one-time link.
  const receiptTab = page.waitForEvent('popup');
  await card.getByRole('button', { name: /^View receipt/ }).click();
  const receipt = await receiptTab;
  await expect.poll(() => receipt.url()).toContain('/api/');
  await receipt.close();
  const orderNumber = ((await card.getAttribute('aria-label')) ?? '').replace('Order ', '');
  await card.getByRole('link', { name: `Track order ${orderNumber}` }).click();
  await expect(page).toHaveURL(`/order?id=${orderId}`);
  await expect(step(page, 'Ordered')).toContainText('Current stage');
  await expect(step(page, 'Kit shipped')).toContainText('To come');
  await expect(page.getByText(/Your report is expected by/)).toBeVisible();
  await expectNoAxeViolations(page);

  // Lab staff find the order by its number and record the shipment.
  const staff = await browser.newContext({ baseURL: String(baseURL) });
  const staffPage = await staff.newPage();
  await signInAs(staffPage, baseURL, 'staff@demo.test');
  await staffPage.goto('/admin');
  await staffPage.getByRole('tab', { name: 'Orders' }).click();
  await staffPage.getByLabel('Search by order number, kit id or email').fill(orderNumber);
  await staffPage.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(staffPage.getByRole('region', { name: 'Order list' }).getByRole('row')).toHaveCount(
    2,
  );
  await staffPage.getByRole('button', { name: `Manage order ${orderNumber}` }).click();
  const manager = staffPage.getByRole('region', { name: `Order ${orderNumber}` });
  await expect(manager.getByRole('button', { name: 'Refund order' })).toBeVisible();
  await expectNoAxeViolations(staffPage);
  await manager.getByLabel(/^Carrier/).selectOption('USPS');
  await manager.getByLabel(/^Tracking number/).fill('9400111899560011223344');
  await manager.getByRole('button', { name: 'Record shipment' }).click();
  await expect(manager.getByText('Kit shipped', { exact: true })).toBeVisible();
  await expect(manager.getByRole('status')).toContainText('Shipment recorded');
  await expect(manager.getByRole('button', { name: 'Refund order' })).toHaveCount(0);
  await staff.close();

  // The patient's tracker has moved, with the carrier's link, and the mail has arrived.
  await page.reload();
  await expect(step(page, 'Kit shipped')).toContainText('Current stage');
  const tracking = step(page, 'Kit shipped').getByRole('link', { name: /9400111899560011223344/ });
  await expect(tracking).toHaveAttribute(
    'href',
    'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899560011223344',
  );
  await expect(step(page, 'Kit shipped')).toContainText('USPS');
  await expectNoAxeViolations(page);
  const mail = await waitForMail(email, /Your kit has shipped/);
  expect(mail.text).toContain('9400111899560011223344');
});

test('the demo orders show every state of the tracker', async ({
  page,
  baseURL,
  expectedErrors,
}) => {
  await signInAs(page, baseURL, 'orders@demo.test');
  await page.goto('/purchased');
  const cards = page.getByRole('region', { name: /^Order NS-/ });
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(7);
  await expect(cards.filter({ hasText: 'Refunded' }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // The one in the lab: every stage before is done.
  await cards
    .filter({ hasText: 'In the lab' })
    .first()
    .getByRole('link', { name: /^Track order/ })
    .click();
  await expect(step(page, 'In the lab')).toContainText('Current stage');
  await expect(step(page, 'Sample received')).toContainText('Done on');
  await expect(step(page, 'Report ready')).toContainText('To come');
  await expect(step(page, 'Kit shipped').getByRole('link', { name: /^9400/ })).toBeVisible();

  // The refunded one says so at the top.
  await page.goto('/purchased');
  await cards
    .filter({ hasText: 'Refunded' })
    .first()
    .getByRole('link', { name: /^Track order/ })
    .click();
  await expect(
    page.getByRole('status').filter({ hasText: 'This order was refunded' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // Someone else's order, or none at all: calmly not found.
  expectedErrors.push(/status of 404/, /^API GET \/orders\/.* failed with status 404$/);
  await page.goto('/order?id=demo-purchase-couple');
  await expect(page.getByText('Order not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See your purchases' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a couple with a ready report; staff manage products and discount codes', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, baseURL, 'mother@demo.test');
  await page.goto('/order');
  await expect(step(page, 'Report ready')).toContainText('Done on');
  await expect(page.getByRole('link', { name: 'Read it on your reports page' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mother’s kit' })).toBeVisible();
  await expectNoAxeViolations(page);

  const staff = await browser.newContext({ baseURL: String(baseURL) });
  const staffPage = await staff.newPage();
  await signInAs(staffPage, baseURL, 'staff@demo.test');
  await staffPage.goto('/admin?tab=products');
  await expect(staffPage.getByRole('heading', { name: 'Products', level: 2 })).toBeVisible();
  await expect(staffPage.getByText(/past orders keep the price/)).toBeVisible();
  await expectNoAxeViolations(staffPage);

  await staffPage.getByRole('tab', { name: 'Discount codes' }).click();
  await expect(staffPage).toHaveURL('/admin?tab=discount-codes');
  const form = staffPage.getByRole('form', { name: 'New discount code' });
  const code = `E2E-${test.info().project.name.toUpperCase()}-${String(Date.now()).slice(-6)}`;
  await form.getByLabel(/^Code/).fill(code);
  await form.getByLabel(/^Percent off/).fill('15');
  await form.getByRole('button', { name: 'Create code' }).click();
  const row = staffPage.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('15% off');
  // The keyboard's way: the switch's track covers its input.
  await row.getByRole('switch', { name: `${code} usable` }).press('Space');
  await expect(row).toContainText('Off');
  await expectNoAxeViolations(staffPage);
  await staff.close();
});
