import type { Page } from '@playwright/test';
import { signInAs } from './accounts.ts';
import { expect, test, visit } from './fixtures.ts';
import { expectLooksAsBefore, WIDTHS } from './visual.ts';

/*
 * The main pages as the demo accounts see them, full of their reports, at each width
 * (visual.ts): each width is a new load of the page. routes.spec.ts compares every route as a
 * new patient sees it.
 */

/**
 * The staff page lists the newest users first, and other tests running beside this one add
 * users: it is compared showing one demo account found by the search.
 */
async function findOneUser(page: Page): Promise<void> {
  await page.getByLabel('Search by name or email').fill('staff@demo.test');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);
}

async function compareAtEachWidth(
  page: Page,
  path: string,
  name: string,
  prepare?: (page: Page) => Promise<void>,
): Promise<void> {
  for (const [index, size] of WIDTHS.entries()) {
    await page.setViewportSize({ width: size.width, height: size.height });
    if (index === 0) {
      // The first visit scans the page with axe; the other widths lay out the same content.
      await visit(page, path);
    } else {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await expect(page.getByText('Loading…', { exact: true })).toHaveCount(0);
    if (prepare) await prepare(page);
    await expectLooksAsBefore(page, name, size);
  }
}

type VisualPage = [path: string, name: string, prepare?: (page: Page) => Promise<void>];

const PAGES: { account: string | null; pages: VisualPage[] }[] = [
  {
    account: null,
    pages: [
      ['/signin', 'signin'],
      ['/signup', 'signup'],
    ],
  },
  {
    account: 'mother@demo.test',
    pages: [
      ['/reports', 'reports-home'],
      ['/reports/joint', 'joint-report'],
      ['/account-settings', 'account-settings'],
      ['/resources', 'resources'],
      ['/risk-calculator', 'risk-calculator'],
    ],
  },
  { account: 'individual@demo.test', pages: [['/reports/individual', 'individual-report']] },
  {
    account: 'embryo@demo.test',
    pages: [
      ['/embryo-reports', 'embryo-report'],
      ['/embryo-reports/overview', 'embryo-overview'],
      ['/embryo-reports/embryos/1', 'embryo-page'],
    ],
  },
  { account: 'admin@nestling.health', pages: [['/admin', 'admin', findOneUser]] },
];

for (const { account, pages } of PAGES) {
  test(`the main pages look as they did: ${account ?? 'signed out'}`, async ({ page, baseURL }) => {
    // Each width is set here; the phone project leaves this file out (playwright.config.ts).
    test.slow();
    if (account !== null) await signInAs(page, baseURL, account);
    for (const [path, name, prepare] of pages) {
      await compareAtEachWidth(page, path, name, prepare);
    }
  });
}
