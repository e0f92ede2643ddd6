/*
 * Lighthouse on the production build (issue 9): performance, accessibility, best practices and
 * SEO, with the metrics behind performance, for /signin and for a demo patient's /reports.
 * Mobile form factor with Lighthouse's default simulated throttling (a slow 4G network and a
 * CPU four times slower than this machine's), so the figures say what a phone on a poor network
 * would get. The portal runs as `npm start` runs it (scripts/start.mjs builds the web app first
 * when its build is missing or stale), on a free port with a new data directory and the demo
 * data. Each page is measured RUNS times (3; BENCH_LIGHTHOUSE_RUNS sets another number, for a
 * machine whose timings wander), each run in a new Chromium profile (Debian's, as the
 * e2e suite uses, headless): figures are the medians, each on its own. The last run's report of
 * each page is kept in .test-output/lighthouse/ to read what an audit found.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { AUTH_COOKIE_NAME } from '@nestling/shared/constants';
import { CHROMIUM_FLAGS } from './lib/chromium.ts';
import { accessToken, startPortal } from './lib/portal.ts';
import type { Measure } from './run.ts';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  throw new Error('BENCH_LIGHTHOUSE_RUNS is a whole number of runs, 1 or more');
}
/** A demo patient with a couple's account and its reports (README, demo accounts). */
const PATIENT = 'mother@demo.test';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const root = fileURLToPath(new URL('..', import.meta.url));
const reportsDir = join(root, '.test-output', 'lighthouse');

interface Figures {
  performance: number;
  accessibility: number;
  'best practices': number;
  SEO: number;
  'FCP s': number;
  'LCP s': number;
  'TBT ms': number;
  CLS: number;
  /** Audits of the other three categories that did not pass, by id. */
  failed: string;
}

/** One Lighthouse run in a new Chromium profile; `token` puts a signed-in patient in it. */
async function audit(
  url: string,
  token: string | undefined,
): Promise<{ figures: Figures; json: string }> {
  const profile = await mkdtemp(join(tmpdir(), 'lighthouse-bench-profile-'));
  // A persistent context is the browser's default one, where Lighthouse opens its tab.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_FLAGS, '--remote-debugging-port=0'],
    // Lighthouse sets the phone's screen itself.
    viewport: null,
  });
  try {
    if (token !== undefined) {
      // Where the web app keeps its token (apps/web/src/lib/auth-cookie.ts).
      await context.addCookies([
        { name: AUTH_COOKIE_NAME, value: encodeURIComponent(token), url, sameSite: 'Lax' },
      ]);
    }
    const port = Number(
      (await readFile(join(profile, 'DevToolsActivePort'), 'utf8')).split('\n')[0],
    );
    const result = await lighthouse(url, {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    for (const warning of lhr.runWarnings) console.warn(`Lighthouse on ${url}: ${warning}`);

    const score = (id: (typeof CATEGORIES)[number]) =>
      Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const failed = CATEGORIES.filter((id) => id !== 'performance')
      .flatMap((id) => lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    return {
      figures: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best practices': score('best-practices'),
        SEO: score('seo'),
        'FCP s': metric('first-contentful-paint') / 1000,
        'LCP s': metric('largest-contentful-paint') / 1000,
        'TBT ms': metric('total-blocking-time'),
        CLS: metric('cumulative-layout-shift'),
        failed: [...new Set(failed)].join(' '),
      },
      json: Array.isArray(result.report) ? (result.report[0] ?? '') : result.report,
    };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

/**
 * One run, run again once when Lighthouse lost its own trace (NO_NAVSTART): a fault of the
 * recording that Lighthouse itself asks to be retried, not of the page.
 */
async function auditWithRetry(
  url: string,
  token: string | undefined,
): Promise<{ figures: Figures; json: string }> {
  try {
    return await audit(url, token);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.includes('(NO_NAVSTART)')) throw error;
    console.warn(`${error.message}: running it again`);
    return audit(url, token);
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

async function measurePages(): Promise<Record<string, string | number>[]> {
  const portal = await startPortal('lighthouse');
  try {
    const token = await accessToken(portal.origin, PATIENT);
    const pages = [
      { name: '/signin', path: '/signin', token: undefined },
      { name: `/reports (${PATIENT})`, path: '/reports', token },
    ];
    await mkdir(reportsDir, { recursive: true });
    const rows: Record<string, string | number>[] = [];
    for (const page of pages) {
      const runs: Figures[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const { figures, json } = await auditWithRetry(`${portal.origin}${page.path}`, page.token);
        runs.push(figures);
        const file = page.path.slice(1).replaceAll('/', '-');
        await writeFile(join(reportsDir, `${file}.json`), json);
      }
      const mid = (pick: (figures: Figures) => number) => median(runs.map(pick));
      rows.push({
        page: page.name,
        runs: RUNS,
        performance: mid((f) => f.performance),
        accessibility: mid((f) => f.accessibility),
        'best practices': mid((f) => f['best practices']),
        SEO: mid((f) => f.SEO),
        'FCP s': Number(mid((f) => f['FCP s']).toFixed(2)),
        'LCP s': Number(mid((f) => f['LCP s']).toFixed(2)),
        'TBT ms': Math.round(mid((f) => f['TBT ms'])),
        CLS: Number(mid((f) => f.CLS).toFixed(3)),
        'not passed': [...new Set(runs.flatMap((f) => f.failed.split(' ')))]
          .filter(Boolean)
          .join(' '),
      });
    }
    return rows;
  } finally {
    await portal.stop();
  }
}

export const measures: readonly Measure[] = [
  {
    name: `Lighthouse, mobile, simulated throttling (median of ${String(RUNS)} runs per page)`,
    run: measurePages,
  },
];
