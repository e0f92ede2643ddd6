import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { newPatient, NEW_PATIENT_PASSWORD, signInByApi, useToken } from './accounts.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { buyIndividualTest } from './purchases.ts';

/** The test shipping provider's webhook secret when none is set (SHIPPING_TEST_WEBHOOK_SECRET). */
const TEST_SHIPPING_SECRET = 'test-shipping-webhook-secret';

async function snapshot(page: Page, project: string, state: string) {
  await page.screenshot({ path: `.test-output/delivery-${project}-${state}.png`, fullPage: true });
}

test('a patient changes the kit’s address before it ships and prints the return label after delivery', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const email = await newPatient(page.request, String(baseURL), {
    label: 'delivery',
    firstName: 'Dana',
    lastName: 'Delivery',
  });
  const token = await signInByApi(page.request, String(baseURL), email, NEW_PATIENT_PASSWORD);
  const orderId = await buyIndividualTest(page.request, token, 'Dana Delivery');
  await useToken(page.context(), String(baseURL), token);

  // The kit, its delivery state and the address from checkout.
  await page.goto('/delivery');
  await expect(page.getByRole('heading', { name: 'Delivery', level: 1 })).toBeVisible();
  const card = page.getByRole('region', { name: /^Your kit, order NS-/ });
  await expect(card).toContainText('Being prepared: the kit has not shipped yet.');
  await expect(card).toContainText('12 Main St');
  await expectNoAxeViolations(page);

  // Editing: one wrong entry first. The message is at its field; everything typed stays.
  await card.getByRole('button', { name: /^Change the address of your kit/ }).click();
  const form = card.getByRole('form', { name: 'Change the address of your kit' });
  await form.getByLabel('Street address').fill('20 Elm Road');
  await form.getByLabel('Apartment, suite or unit (optional)').fill('Apt 4B');
  await form.getByLabel('City').fill('Portland');
  await form.getByLabel('State').selectOption('OR');
  await form.getByLabel('ZIP code').fill('9720');
  await expectNoAxeViolations(page);
  await snapshot(page, project, 'editing');
  await form.getByRole('button', { name: 'Save address' }).click();
  const zip = form.getByLabel('ZIP code');
  await expect(zip).toHaveAccessibleDescription('Enter a ZIP code like 12345 or 12345-6789');
  await expect(zip).toBeFocused();
  await expect(zip).toHaveValue('9720');
  await expect(form.getByLabel('Street address')).toHaveValue('20 Elm Road');
  await expect(form.getByLabel('Apartment, suite or unit (optional)')).toHaveValue('Apt 4B');
  await expect(form.getByLabel('City')).toHaveValue('Portland');
  await expect(form.getByLabel('State')).toHaveValue('OR');
  await expectNoAxeViolations(page);
  await snapshot(page, project, 'error');

  // Saved: ZIP+4 is a ZIP code too.
  await zip.fill('97201-1234');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(card.getByRole('status')).toContainText('Address saved');
  await expect(card).toContainText('Apt 4B');
  await expect(card).toContainText('Portland, OR 97201-1234');
  await expectNoAxeViolations(page);
  await snapshot(page, project, 'saved');

  // Staff ship the kit: the address is read-only now, and the parcel can be tracked.
  const adminToken = await signInByApi(
    page.request,
    String(baseURL),
    'admin@nestling.health',
    'demo-password',
  );
  const moveTo = async (body: Record<string, unknown>) => {
    const moved = await page.request.post(`/api/admin/orders/${orderId}/events`, {
      headers: { authorization: `Bearer ${adminToken}` },
      data: body,
    });
    expect(moved.status()).toBe(200);
  };
  await moveTo({ stage: 'kit-shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
  await page.reload();
  await expect(card).toContainText('This kit has already shipped');
  await expect(card.getByRole('link', { name: /support@/ })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Change the address/ })).toHaveCount(0);
  await expect(
    card.getByRole('link', { name: 'Track the parcel with UPS (1Z999AA10123456784)' }),
  ).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
  await expectNoAxeViolations(page);
  await snapshot(page, project, 'read-only');

  // Before delivery the label is not there yet, and the page says when it will be.
  await page.goto('/return-shipping');
  await expect(page.getByRole('heading', { name: 'Return shipping', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: /saliva collection tube/ })).toBeVisible();
  const labels = page.getByRole('region', { name: /^Your kit, order NS-/ });
  await expect(labels).toContainText('becomes available here once the kit has been delivered');
  await expect(labels.getByRole('button', { name: /^Download the return label/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Delivered: the prepaid label downloads as a PDF.
  await moveTo({ stage: 'kit-delivered' });
  await page.reload();
  const button = labels.getByRole('button', { name: /^Download the return label for kit NK-/ });
  await expect(button).toBeVisible();
  await expect(labels).toContainText('Not received by the lab yet');
  await expectNoAxeViolations(page);
  await snapshot(page, project, 'return-shipping');
  const downloading = page.waitForEvent('download');
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^return-label-NK-[0-9A-Z]{9}\.pdf$/);
  const file = await readFile(await download.path());
  expect(file.subarray(0, 4).toString('latin1')).toBe('%PDF');
  await expect(labels.getByRole('link', { name: 'your documents' })).toBeVisible();

  // The label came from the test shipping provider: UPS, as the kit came, a TEST tracking
  // number linked to UPS's tracking page, no postage, and 'Test label' said plainly.
  await expect(labels).toContainText('UPS Ground');
  await expect(labels.getByText('Test label').first()).toBeVisible();
  const tracking = labels.getByRole('link', { name: /^TESTNK[0-9A-Z]{9}/ });
  await expect(tracking).toHaveAttribute(
    'href',
    /^https:\/\/www\.ups\.com\/track\?tracknum=TESTNK/,
  );
  await expect(labels).toContainText('None: this is a test label, not valid for postage');
  await expect(labels).toContainText('UPS Store or UPS Access Point');
  await expect(page.locator('main')).not.toContainText(/post office/i);
  await expectNoAxeViolations(page);
  await snapshot(page, project, 'label-bought');
  // The bought label at phone and laptop widths, to look at.
  const viewport = page.viewportSize();
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await snapshot(page, project, `label-bought-${String(width)}`);
  }
  if (viewport !== null) await page.setViewportSize(viewport);

  // The carrier's tracking moves the tracker: the test provider's webhook, signed with its secret.
  const kitId = download.suggestedFilename().replace(/^return-label-|\.pdf$/g, '');
  const track = async (id: string, status: string) => {
    const body = JSON.stringify({
      id,
      type: 'tracker.updated',
      shipmentId: `test_shp_${kitId}`,
      status,
    });
    const time = Math.floor(Date.now() / 1000);
    const mac = createHmac('sha256', TEST_SHIPPING_SECRET)
      .update(`${String(time)}.${body}`)
      .digest('hex');
    const answer = await page.request.post('/api/shipping/webhook', {
      headers: {
        'content-type': 'application/json',
        'x-test-shipping-signature': `t=${String(time)},v1=${mac}`,
      },
      data: body,
    });
    expect(answer.status()).toBe(200);
  };
  await track(`e2e-${kitId}-1`, 'in-transit');
  await page.reload();
  await expect(labels).toContainText('Sample on its way to the lab with UPS since ');
  await expectNoAxeViolations(page);

  // Delivered to the lab: the tracker reaches 'Sample received', and no label is needed any more.
  await track(`e2e-${kitId}-2`, 'delivered');
  await page.reload();
  await expect(labels).toContainText(/The lab received this sample on /);
  await expect(labels.getByRole('button', { name: /^Download the return label/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  const order = await page.request.get(`/api/orders/${orderId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await order.json()) as { stage: string }).toMatchObject({ stage: 'sample-received' });
});
