/*
 * The time of one recomputation of the risk calculator (issue 12) in Chromium, for each kind of
 * parents: the real page of the production build, signed in as a demo patient, as `npm start`
 * serves it. A run types a new prevalence (never typed before, so nothing is cached) and lasts
 * until the answer and the chart of 1 to 10 embryos show the new values: eleven computations of
 * the model (the answer and the chart's ten points), React's renders and the paint of the
 * chart. Each timed run includes one DevTools round trip (well under a millisecond here).
 */
import { chromium, type Page } from 'playwright-core';
import { AUTH_COOKIE_NAME } from '@nestling/shared/constants';
import { CHROMIUM_FLAGS } from './lib/chromium.ts';
import { accessToken, startPortal } from './lib/portal.ts';
import type { Bench } from './run.ts';

const PATIENT = 'mother@demo.test';
const WARMUP = 3;
const RUNS = 20;

interface Case {
  name: string;
  /** Chooses the case's fields on the page (not timed). */
  choose: (page: Page) => Promise<void>;
}

const radio = (page: Page, name: string | RegExp) =>
  page.getByRole('radio', typeof name === 'string' ? { name, exact: true } : { name });

const cases: readonly Case[] = [
  {
    name: 'nothing known (population), lowest score',
    choose: async (page) => {
      await radio(page, 'Nothing: average parents').check();
    },
  },
  {
    name: 'nothing known (population), high-risk exclusion',
    choose: async (page) => {
      await radio(page, /^High-risk exclusion/).check();
    },
  },
  {
    name: "parents' score percentiles, lowest score",
    choose: async (page) => {
      await radio(page, /^Lowest-risk prioritization/).check();
      await radio(page, "Each parent's score percentile").check();
    },
  },
  {
    name: "parents' score percentiles, high-risk exclusion",
    choose: async (page) => {
      await radio(page, /^High-risk exclusion/).check();
    },
  },
  {
    name: "parents' disease status (one affected), lowest score",
    choose: async (page) => {
      await radio(page, /^Lowest-risk prioritization/).check();
      await radio(page, 'How many parents have the condition').check();
      await radio(page, 'One').check();
    },
  },
];

const portal = await startPortal('risk-calculator');
const token = await accessToken(portal.origin, PATIENT);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_FLAGS,
});
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
await context.addCookies([
  { name: AUTH_COOKIE_NAME, value: encodeURIComponent(token), url: portal.origin, sameSite: 'Lax' },
]);
const page = await context.newPage();
await page.goto(`${portal.origin}/risk-calculator`);
await page.getByLabel(/^Prevalence/).waitFor({ timeout: 60_000 });

async function tearDown() {
  await browser.close();
  await portal.stop();
}

/*
 * In the page (strings: this folder's TypeScript has no DOM types, and page.evaluate of a
 * string is not subject to the portal's CSP). RECOMPUTE sets the prevalence as a person's
 * typing does (React reads the input event) and resolves when the chart, which makes way for
 * 'Computing the risk…' as the new answer renders, is back with its ten new points.
 */
const RECOMPUTE_IN_PAGE = `(value) => new Promise((resolve, reject) => {
  const region = document.querySelector('[aria-labelledby="risk-answer"]');
  const label = [...document.querySelectorAll('label')].find((element) =>
    element.textContent.startsWith('Prevalence'),
  );
  const input = document.getElementById(label.htmlFor);
  let computing = false;
  const observer = new MutationObserver(() => {
    if (region.textContent.includes('Computing the risk')) computing = true;
    else if (computing) {
      observer.disconnect();
      resolve();
    }
  });
  observer.observe(region, { childList: true, subtree: true, characterData: true });
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  setTimeout(() => {
    observer.disconnect();
    reject(new Error('The answer for ' + value + ' % did not come within 10 seconds'));
  }, 10000);
})`;

/** The answer and its chart are drawn, nothing is being computed. */
const SETTLED_IN_PAGE = `(() => {
  const region = document.querySelector('[aria-labelledby="risk-answer"]');
  return region !== null && !region.textContent.includes('Computing the risk');
})()`;

/** A prevalence never typed before in this run of the bench, in per cent. */
let typed = 0;
function nextPrevalence(): string {
  typed += 1;
  return (0.5 + typed * 0.01).toFixed(2);
}

let calls = 0;
const total = cases.length * (WARMUP + RUNS);

export const benches: readonly Bench[] = cases.map((item, index) => ({
  name: `risk calculator in Chromium, one recomputation: ${item.name}`,
  runs: RUNS,
  warmup: WARMUP,
  run: async () => {
    try {
      // The first call of each case (a warm-up, not timed) sets its fields, and lets the
      // change they make finish (polled from here: a page-side wait would need eval).
      if (calls === index * (WARMUP + RUNS)) {
        await item.choose(page);
        while (!(await page.evaluate(SETTLED_IN_PAGE))) await page.waitForTimeout(20);
      }
      await page.evaluate(`(${RECOMPUTE_IN_PAGE})(${JSON.stringify(nextPrevalence())})`);
    } catch (error) {
      await tearDown();
      throw error;
    }
    calls += 1;
    // After the last run, outside its timing: the browser and the portal would keep
    // `npm run bench` alive.
    if (calls === total) {
      setImmediate(() => {
        void tearDown();
      });
    }
  },
}));
