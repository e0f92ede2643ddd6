/*
 * The time to render the embryo comparison (issue 4, item 7) in Chromium: the real component,
 * with the portal's styles, on a made-up report of 20 embryos and all 18 diseases, from the
 * start of the render to the table's last row being in the document. The page is a small
 * harness built with Vite (apps/web/src/features/embryo-reports/comparison-bench-harness.tsx);
 * Debian's Chromium runs it headless, as the e2e suite does. Each timed run includes one
 * DevTools round trip (well under a millisecond here) besides the render.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { embryoReportSchema, type EmbryoReport } from '@nestling/shared/contract/report';
import { chromium } from 'playwright-core';
import { build, type Manifest } from 'vite';
import { generatedEmbryoReport } from '../apps/web/src/features/embryo-reports/test-embryo-report.ts';
import { CHROMIUM_FLAGS } from './lib/chromium.ts';
import type { Bench } from './run.ts';

const EMBRYOS = 20;
const WARMUP = 3;
const RUNS = 20;

const webRoot = fileURLToPath(new URL('../apps/web/', import.meta.url));
const harnessEntry = 'src/features/embryo-reports/comparison-bench-harness.tsx';

/** What the harness puts on globalThis (its own file says the same in TypeScript with JSX). */
interface ComparisonBenchHarness {
  load: (report: EmbryoReport) => void;
  render: () => Promise<number>;
}
type HarnessGlobal = { comparisonBench: ComparisonBenchHarness };

const report = generatedEmbryoReport(EMBRYOS);
const checked = embryoReportSchema.safeParse(report);
if (!checked.success) throw new Error('The generated embryo report breaks the report contract');

/** Builds the harness page into a temporary folder: its script, its styles and an index.html. */
async function buildHarness(): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), 'embryo-comparison-bench-'));
  await build({
    configFile: false,
    root: webRoot,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      sourcemap: false,
      modulePreload: false,
      rollupOptions: {
        input: join(webRoot, harnessEntry),
        // Mantine marks its modules "use client", which means nothing outside a server renderer.
        onwarn: (warning, warn) => {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
        },
      },
    },
  });
  const manifest = JSON.parse(
    await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const entry = manifest[harnessEntry];
  if (entry === undefined) throw new Error('The harness is missing from the Vite manifest');
  const styles = (entry.css ?? []).map((file) => `<link rel="stylesheet" href="/${file}">`);
  await writeFile(
    join(outDir, 'index.html'),
    `<!doctype html><html lang="en" data-mantine-color-scheme="light"><head><meta charset="utf-8">${styles.join('')}<script type="module" src="/${entry.file}"></script></head><body></body></html>`,
  );
  return outDir;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

/** Serves the built harness on a free local port. */
async function serve(folder: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const path = normalize(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = join(folder, path === '/' ? 'index.html' : path);
    if (!file.startsWith(folder)) {
      response.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => {
        response.writeHead(200, {
          'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        });
        response.end(body);
      },
      () => {
        response.writeHead(404).end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/` };
}

const folder = await buildHarness();
const { server, url } = await serve(folder);
// Debian's Chromium with the e2e suite's flags (playwright.config.ts): nothing is downloaded.
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_FLAGS,
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.goto(url);
await page.waitForFunction(() => 'comparisonBench' in globalThis);
await page.evaluate((loaded) => {
  (globalThis as unknown as HarnessGlobal).comparisonBench.load(loaded);
}, report);

async function tearDown() {
  await browser.close();
  await new Promise((resolve) => server.close(resolve));
  await rm(folder, { recursive: true, force: true });
}

let calls = 0;

export const benches: readonly Bench[] = [
  {
    name: `embryo comparison in Chromium (${String(EMBRYOS)} embryos, 18 diseases)`,
    runs: RUNS,
    warmup: WARMUP,
    run: async () => {
      const rendered = await page.evaluate(() =>
        (globalThis as unknown as HarnessGlobal).comparisonBench.render(),
      );
      calls += 1;
      // After the last run, outside its timing: the browser would keep `npm run bench` alive.
      if (calls === WARMUP + RUNS) {
        setImmediate(() => {
          void tearDown();
        });
      }
      return rendered;
    },
  },
];
