import AxeBuilder from '@axe-core/playwright';
import { portalRoutes } from '@nestling/shared/routes';
import { SIGN_IN_PAGE } from '@nestling/shared/sign-in-page';
import type { Page } from '@playwright/test';
import { useToken } from './accounts.ts';
import { expect, expectNoAxeViolations, test, visit } from './fixtures.ts';

test('the sign-in page carries the product title', async ({ page }) => {
  await page.goto('/signin');
  await expect(page).toHaveTitle('Nestling Portal');
});

test("the header shows at once, before the app's script has run, and goes when it has", async ({
  page,
  expectedErrors,
}) => {
  // A connection so slow that the script never arrives: the static shell is all there is.
  expectedErrors.push(/Failed to load resource/);
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/reports');
  await expect(page.getByRole('status')).toHaveText('Loading your portal…');
  await expect(page.getByRole('banner')).toContainText('Nestling');
  // Styled by the app's stylesheet, as tall as the app's own header: nothing jumps later.
  expect((await page.getByRole('banner').boundingBox())?.height).toBeGreaterThanOrEqual(64);
  await expectShellScanClean(page);

  // Sign-in, where everyone signed out lands, shows its own first words where the app will.
  await page.goto('/signin');
  await expect(page.getByRole('status')).toHaveText('Loading the sign-in form…');
  const lead = page.getByText(SIGN_IN_PAGE.lead);
  await expect(lead).toBeVisible();
  const shellLead = await lead.boundingBox();
  await expectShellScanClean(page);

  await page.unroute(/\/assets\/.*\.js$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: SIGN_IN_PAGE.title })).toBeVisible();
  await expect(page.getByText('Loading the sign-in form…')).toHaveCount(0);
  expect(await page.getByText(SIGN_IN_PAGE.lead).boundingBox()).toEqual(shellLead);
});

test("text is set in the portal's own typeface, served by the portal", async ({ page }) => {
  const fontRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fontRequests.push(request.url());
  });
  await visit(page, '/signin');
  // The e2e code has no DOM types: the checks run as the page's own script.
  const loaded = await page.evaluate<string[]>(`document.fonts.ready.then(() =>
    [...document.fonts]
      .filter((face) => face.status === 'loaded')
      .map((face) => face.family.replaceAll('"', '')))`);
  expect(loaded).toContain('Source Sans 3');
  const headingFont = await page.evaluate<string>(
    `getComputedStyle(document.querySelector('h1')).fontFamily`,
  );
  expect(headingFont).toMatch(/^"?Source Sans 3"?,/);
  // Self-hosted, and only the Latin file for an English page.
  expect(fontRequests.length).toBe(1);
  expect(new URL(fontRequests[0] ?? '').origin).toBe(new URL(page.url()).origin);
  expect(fontRequests[0]).toMatch(/source-sans-3-latin-wght-normal.*\.woff2$/);
});

test('every route of the spec answers 200 with the web app', async ({ request }) => {
  for (const path of portalRoutes) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toContain('text/html');
    expect(response.headers()['cache-control'], path).toContain('no-store');
  }
});

test('an unknown API path is a JSON 404, health and config answer', async ({ request }) => {
  const missing = await request.get('/api/nope');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-type']).toContain('application/json');
  expect(await missing.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });

  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok', database: 'up' });

  const config = await request.get('/api/config');
  expect(await config.json()).toMatchObject({
    brand: { productName: 'Nestling', companyName: 'Nestling Genomics' },
  });
});

test('pages are served with the security headers', async ({ request }) => {
  const response = await request.get('/signin');
  const headers = response.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  // Served over plain HTTP here, so no HSTS.
  expect(headers['strict-transport-security']).toBeUndefined();
});

test('the footer shows the year and leads to the terms and privacy policy', async ({ page }) => {
  await visit(page, '/signin');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Nestling Genomics`);
  await footer.getByRole('link', { name: 'Terms' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expectHeadingAndScan(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expectHeadingAndScan(page);
});

test('/403 shows a reason the portal wrote, and no other text from the address', async ({
  page,
}) => {
  await visit(page, `/403?message=${encodeURIComponent('Only lab staff can use the admin tools')}`);
  await expect(page.getByText('Only lab staff can use the admin tools')).toBeVisible();
  // A forged warning in a link to the portal is not echoed on its domain.
  const forged = 'Your account is locked. Call +1 555 0100 to unlock it';
  await page.goto(`/403?message=${encodeURIComponent(forged)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  await expect(page.getByText('Your account does not have access to that page.')).toBeVisible();
  await expect(page.getByText(/locked|555 0100/)).toHaveCount(0);
});

test('an unknown page says so and leads home', async ({ page, context, baseURL, patientToken }) => {
  await useToken(context, String(baseURL), patientToken);
  await visit(page, '/no-such-page');
  await page
    .getByRole('link', { name: 'Homepage' })
    .or(page.getByRole('button', { name: 'Homepage' }))
    .click();
  await expect(page).toHaveURL(/\/$|\/signin/);
});

/**
 * The shell has no heading of its own on purpose: a page's tests wait for its heading, and must
 * not find the shell's. Every other rule holds.
 */
async function expectShellScanClean(page: Page) {
  const scan = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .disableRules(['page-has-heading-one'])
    .analyze();
  expect(scan.violations.map((violation) => violation.id)).toEqual([]);
}

async function expectHeadingAndScan(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
}
