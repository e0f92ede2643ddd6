import type { Page } from '@playwright/test';
import { portalRoutes } from '@nestling/shared/routes';
import { signInOnPage, uniqueEmail } from './accounts.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { linkIn, waitForMail } from './mail.ts';

/*
 * A new person's everyday use logs no console error (nor a failed request,
 * which the browser logs as one; the fixture fails the test on any) and axe finds nothing.
 */

/**
 * Paths a patient's links lead to that this walk leaves to others: staff pages, and the demo
 * embryo reports (public, a chart per condition; routes.spec.ts and embryo-reports.spec.ts scan
 * them, and they would take minutes more here).
 */
function isLeftOut(path: string): boolean {
  return path.startsWith('/admin') || path === '/demo' || path.startsWith('/demo/');
}

/**
 * On a wide screen, routes.spec.ts scans each route of the spec's list as a patient with a
 * complete profile and no test yet, as this walk's patient is: the walk scans the rest (a tab,
 * a query) and, on a phone, every page, since the route list is scanned at desktop width only.
 */
function scannedByRouteList(path: string): boolean {
  return !path.includes('?') && portalRoutes.includes(path);
}

/** The portal's own pages the page links to, as paths with their query. */
async function linkedPaths(page: Page, origin: string): Promise<string[]> {
  const hrefs = await Promise.all(
    (await page.getByRole('link').all()).map(
      async (link) => (await link.getAttribute('href')) ?? '',
    ),
  );
  const paths: string[] = [];
  for (const href of hrefs) {
    const url = new URL(href, page.url());
    if (url.origin !== origin || url.pathname.startsWith('/api/')) continue;
    paths.push(`${url.pathname}${url.search}`);
  }
  return paths;
}

test('a new patient signs up and opens every page they can reach, with no error logged and nothing for axe', async ({
  page,
  baseURL,
  isMobile,
}) => {
  test.setTimeout(600_000);
  const origin = new URL(String(baseURL)).origin;
  const email = uniqueEmail('everyday');
  const password = 'an everyday passphrase';

  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel('First name').fill('Evelyn');
  await page.getByLabel('Last name').fill('Everyday');
  await page.getByLabel('Phone').fill('+1 202 555 0142');
  // A day the month does not have is named as such.
  await page.getByLabel('Date of birth').fill('04/31/1990');
  await page.getByLabel('Phone').focus();
  await expect(page.getByText('April has 30 days')).toBeVisible();
  await page.getByLabel('Date of birth').fill('04/30/1990');
  // Why the form asks for sex is said under the question.
  const sex = page.getByRole('radiogroup', { name: /^Sex/ });
  await expect(sex).toHaveAccessibleDescription(/^Why we ask: .*X and Y chromosomes/);
  await sex.getByRole('radio', { name: 'Female', exact: true }).check();
  await page.getByLabel(/^Password/).fill(password);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();

  await page.goto(linkIn(await waitForMail(email, /Confirm your email/), 'verify-email'));
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  // Sign-in shows the password on request, as sign-up does.
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel(/^Password/)).toHaveAttribute('type', 'text');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Hide password' }).click();
  await signInOnPage(page, email, password);
  await expect(page).not.toHaveURL(/\/signin/);

  // Every page the patient's links lead to, from the home page on.
  const seen = new Set<string>(['/']);
  const queue = ['/'];
  const visited: string[] = [];
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    if (isMobile || !scannedByRouteList(path)) await expectNoAxeViolations(page);
    visited.push(path);
    if (isMobile && path === '/') {
      // On a phone the header's links sit in the menu: open it once, scan it, follow them all.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoAxeViolations(page);
    }
    if (!isMobile && path === '/') {
      // On a wide screen every page of a test sits under 'Your tests': open it once and scan it.
      await page.getByRole('button', { name: 'Your tests' }).click();
      await expect(page.getByRole('link', { name: 'Genetic counseling' }).first()).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
    }
    for (const linked of await linkedPaths(page, origin)) {
      if (seen.has(linked) || isLeftOut(linked)) continue;
      seen.add(linked);
      queue.push(linked);
    }
  }
  // The walk reached the patient's main pages (the fixture checks the console after it).
  for (const main of [
    '/reports',
    '/resources',
    '/account-settings',
    // Every page of a test is reached from the home.
    '/purchased',
    '/health-survey',
    '/partner',
    '/schedule-appointment',
    '/clinics',
    '/delivery',
    '/return-shipping',
    '/purchase',
  ]) {
    expect(visited, `the walk reached ${main}`).toContain(main);
  }
  test.info().annotations.push({ type: 'pages', description: visited.join(' ') });
});
