import type { Locator, Page } from '@playwright/test';
import { isPublicPath, portalRoutes } from '@nestling/shared/routes';
import { useToken } from './accounts.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { expectLooksAsBefore, WIDTHS } from './visual.ts';

/*
 * Every route of spec section 2, opened once and scanned with axe, then compared with its
 * screenshots at a phone's, a tablet's and a laptop's width (visual.ts): the page is laid out
 * again at each width, not loaded again. This file runs in the desktop project only
 * (playwright.config.ts): the pages' phone layouts are walked and scanned by the feature specs,
 * which run at both widths, so a second scan of each route here would repeat them at the cost
 * of several minutes.
 */

/**
 * Pages whose lower part is the coming days (the free times to book): only what lies above it is
 * compared, since the dates and the times still free change with the day the test runs.
 */
const CHANGING_WITH_THE_DAY: Readonly<Record<string, (page: Page) => Locator>> = {
  '/schedule-appointment': (page) => page.getByRole('region', { name: 'Book a time' }),
};

/** A screenshot's name from a path: '/reports/joint' -> 'reports-joint', '/' -> 'home'. */
function screenshotName(path: string): string {
  return path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-') || 'home';
}

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
    // The demo embryo reports draw a chart per condition and embryo: their scan alone took
    // over 40 s on a busy two-core machine.
    test.setTimeout(120_000);
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
    for (const size of WIDTHS) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await expectLooksAsBefore(
        page,
        screenshotName(path),
        size,
        CHANGING_WITH_THE_DAY[path]?.(page),
      );
    }
  });
}
