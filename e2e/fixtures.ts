import AxeBuilder from '@axe-core/playwright';
import { createHash } from 'node:crypto';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import { signInByApi } from './accounts.ts';

/** Fails with a readable list when axe finds any WCAG 2.1 A/AA or best-practice violation. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  let violations = await axeViolations(page);
  // A page caught between two states (a token refreshed behind the loading shield, a query
  // answering) can lack what it has before and after; a violation that is real is there again
  // once the page has settled once more.
  if (violations.length > 0) violations = await axeViolations(page);
  expect(violations, `axe violations on ${page.url()}`).toEqual([]);
}

/** The violations axe finds on the settled page, in words. */
async function axeViolations(page: Page): Promise<string[]> {
  // Scan the settled page: its heading is there (so the page has loaded), and the loading
  // shield, which fades out over 0.6 s with its text briefly faint, has gone.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText('Loading…', { exact: true })).toHaveCount(0);
  // A dialog fading in has faint text for a moment. Mantine holds a new dialog at opacity 0
  // for a frame before its transition starts, so "no transition running" alone can pass too
  // early: wait, 2 seconds at most, until no finite transition runs and every open dialog is
  // fully opaque, on two checks a frame apart.
  await page.evaluate(`new Promise((resolve) => {
    const deadline = performance.now() + 2000;
    const settled = () => {
      const running = document
        .getAnimations()
        .some(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().endTime !== Infinity,
        );
      if (running) return false;
      return [...document.querySelectorAll('[role="dialog"]')].every((dialog) => {
        for (let element = dialog; element; element = element.parentElement) {
          if (Number(getComputedStyle(element).opacity) < 1) return false;
        }
        return true;
      });
    };
    let calm = 0;
    const check = () => {
      calm = settled() ? calm + 1 : 0;
      if (calm >= 2 || performance.now() > deadline) resolve(undefined);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })`);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // Only violations are read: axe then skips gathering the passes and the incomplete
    // results (measured: a scan of a settled page 10-20 % shorter).
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} at ${violation.nodes
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}

/**
 * On a phone, every link, button and form control of the page lies within the screen's width:
 * none sits in a part of a table that only scrolling sideways would show.
 * A row of tabs that scrolls sideways is the one exception.
 * Answers nothing on a wider screen, where a wide table may scroll inside its region.
 */
export async function expectEveryActionInView(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  if (width > 480) return;
  // A string, evaluated in the page: this project's types have no DOM.
  const outside = await page.evaluate<string[]>(`(() => {
    const width = document.documentElement.clientWidth;
    const found = [];
    // A row of tabs scrolls sideways on a phone by design: a tab beyond the edge
    // is allowed when its row lies within the screen and scrolls.
    const inScrollingTabRow = (element) => {
      const row = element.closest('[role="tablist"], nav');
      if (!row) return false;
      for (let box = element.parentElement; box && box !== row.parentElement; box = box.parentElement) {
        const scrolls = ['auto', 'scroll'].includes(getComputedStyle(box).overflowX);
        const edges = box.getBoundingClientRect();
        if (scrolls && box.scrollWidth > box.clientWidth && edges.left >= -1 && edges.right <= width + 1) {
          return true;
        }
      }
      return false;
    };
    for (const element of document.querySelectorAll(
      'a[href], button, input, select, textarea, summary, [role="button"], [role="tab"], [role="link"]',
    )) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (getComputedStyle(element).visibility === 'hidden') continue;
      if (inScrollingTabRow(element)) continue;
      if (box.left < -1 || box.right > width + 1) {
        const name = (element.getAttribute('aria-label') || element.textContent || '').trim();
        found.push(element.tagName.toLowerCase() + ' "' + name.slice(0, 60) + '" at ' +
          Math.round(box.left) + '–' + Math.round(box.right) + ' px');
      }
    }
    return found;
  })()`);
  expect(outside, `actions outside the ${String(width)} px screen on ${page.url()}`).toEqual([]);
}

/** Opens a page the way a person would, waits for its heading, and scans it with axe. */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
}

interface TestFixtures {
  /**
   * Console errors the test expects, e.g. the browser's own line for a 401 after a deliberately
   * wrong password. Anything else logged fails the test.
   */
  expectedErrors: RegExp[];
  pageErrors: string[];
}

interface WorkerFixtures {
  /** An access token of new@demo.test (confirmed, profile complete), one per worker. */
  patientToken: string;
}

/**
 * A network address of the test's own, 10.x.y.z from its id: the e2e servers trust the
 * loopback proxy's X-Forwarded-For (serve.mjs), so each test is a client apart and the limits
 * per address (mails, sign-ups) count one test's requests, as they would one person's.
 */
function clientAddressOf(testInfo: TestInfo): string {
  const digest = createHash('sha256')
    .update(`${testInfo.testId}:${String(testInfo.retry)}`)
    .digest();
  const part = (index: number) => String(((digest[index] ?? 0) % 254) + 1);
  return `10.${part(0)}.${part(1)}.${part(2)}`;
}

/** Every test fails if the page logged an error or threw (CSP violations show up here too). */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': clientAddressOf(testInfo) });
  },
  expectedErrors: [
    // Playwright reads a fixture's dependencies from its destructured first argument.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use([]);
    },
    { auto: true },
  ],
  pageErrors: [
    async ({ page, expectedErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      const unexpected = errors.filter(
        (error) => !expectedErrors.some((pattern) => pattern.test(error)),
      );
      expect(unexpected, 'errors logged by the page').toEqual([]);
    },
    { auto: true },
  ],
  patientToken: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = String(workerInfo.project.use.baseURL);
      const request = await playwright.request.newContext({ baseURL });
      await use(await signInByApi(request, baseURL, 'new@demo.test'));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
});

export { expect };
