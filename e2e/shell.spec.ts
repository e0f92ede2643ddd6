import { isPublicPath, portalRoutes } from '@nestling/shared/routes';
import type { Page } from '@playwright/test';
import { useToken } from './accounts.ts';
import { expect, expectNoAxeViolations, test, visit } from './fixtures.ts';

test('the sign-in page carries the product title', async ({ page }) => {
  await page.goto('/signin');
  await expect(page).toHaveTitle('Nestling Portal');
});

test('every route of the spec answers 200 with the web app', async ({ request }) => {
  for (const path of portalRoutes) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toContain('text/html');
    expect(response.headers()['cache-control'], path).toContain('no-store');
  }
});

/** Spec section 2's short paths that lead to a report page: where each one lands. */
const REPORT_ALIASES: Readonly<Record<string, string>> = {
  '/joint': '/reports/joint',
  '/couple-reports': '/reports?tab=joint',
  '/individual': '/reports/individual',
  '/individual-reports': '/reports?tab=individual',
  '/embryos': '/reports/embryos',
  // The health survey opens the person's own: new@demo.test is a father-to-be.
  '/health-survey': '/saliva/health-survey/father',
};

/**
 * The grs, 30x and 5x demos draw the same pages as /demo/embryo-reports from other sample data:
 * their roots are scanned here, and every page under /demo/embryo-reports. Scanning each of them
 * again (a full embryo report with every chart, at two widths) would add minutes and find nothing
 * new; embryo-reports.spec.ts opens a 30x demo's pages as well.
 */
function isRepeatedDemoPage(path: string): boolean {
  return /^\/demo\/(?:grs|30x|5x)-embryo-reports\/./.test(path);
}

// Public pages as a visitor who is not signed in; every other page signed in as a confirmed
// patient with a complete profile, so the access gate lets it through (gate.spec.ts covers
// where the gate sends everyone else).
for (const path of portalRoutes.filter((route) => !isRepeatedDemoPage(route))) {
  const signedIn = !isPublicPath(path);
  test(`${path} shows one heading and passes axe${signedIn ? '' : ', signed out'}`, async ({
    page,
    context,
    baseURL,
    patientToken,
    expectedErrors,
  }) => {
    if (signedIn) await useToken(context, String(baseURL), patientToken);
    // Opened directly rather than at the end of a Google sign-in, this page finds no session
    // to turn into a token (the browser logs the 401) and says so.
    if (path === '/signin/google-done') expectedErrors.push(/status of 401/);
    // No invitation has the route list's example id: the page says so (the browser logs the 404).
    if (path.includes('/invite/accept/')) {
      expectedErrors.push(/status of 404/, /GET \/invitations\/\S+ failed with status 404/);
    }
    // My Data is off for this patient (ADR 023): the page asks the server, which refuses (the
    // browser logs the 403), and says so.
    if (path.startsWith('/my-data')) {
      expectedErrors.push(/status of 403/, /^API GET \/my-data\/\S+ failed with status 403$/);
    }
    // Where the path lands first (some redirect), then the scan of the settled page.
    await page.goto(path);
    await expect(page).toHaveURL(REPORT_ALIASES[path] ?? path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });
}

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

test('/403 shows the message it was given', async ({ page }) => {
  await visit(page, `/403?message=${encodeURIComponent('Only the account holder can see this')}`);
  await expect(page.getByText('Only the account holder can see this')).toBeVisible();
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

async function expectHeadingAndScan(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
}
