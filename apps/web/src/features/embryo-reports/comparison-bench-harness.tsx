/*
 * The page `npm run bench` renders the embryo comparison on (bench/embryo-comparison.ts builds it
 * with Vite and opens it in Chromium); the portal never loads it. It renders the real component
 * with the portal's styles, inside a router context for its links, sorted by the first condition
 * so that how sure that order is (ADR 028) is worked out and drawn too, and times one render
 * from its start to the last row of both tables being in the document. It opens the table view,
 * the larger of the comparison's two (the heat map has a cell per embryo and condition only).
 */
import '../../styles.css';
import type { EmbryoReport } from '@nestling/shared/contract/report';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterContextProvider,
} from '@tanstack/react-router';
import { createRoot } from 'react-dom/client';
import { StaticMantineProvider } from '../../app/static-mantine-provider.tsx';
import { EmbryoComparison } from './embryo-comparison.tsx';
import { EMBRYO_REPORT_PATHS } from './embryo-report-kind.ts';

/** What the bench calls in the page (on globalThis, as page.evaluate reaches it). */
export interface ComparisonBenchHarness {
  /** Keeps the report for the renders that follow. */
  load: (report: EmbryoReport) => void;
  /** Renders the comparison afresh; resolves with the milliseconds until its last row is in. */
  render: () => Promise<number>;
}

const router = createRouter({
  routeTree: createRootRoute(),
  history: createMemoryHistory({ initialEntries: ['/compare-embryos'] }),
});
const links = {
  demo: false,
  paths: EMBRYO_REPORT_PATHS.standard,
  search: { report: 'bench-report' },
} as const;

let report: EmbryoReport | undefined;
let previous: HTMLElement | undefined;

const harness: ComparisonBenchHarness = {
  load: (loaded) => {
    report = loaded;
  },
  render: () => {
    const shown = report;
    if (shown === undefined) return Promise.reject(new Error('Load a report first'));
    // The previous render leaves the document without being unmounted: unmounting would be
    // timed as part of this render.
    previous?.remove();
    const container = document.createElement('div');
    document.body.append(container);
    previous = container;
    const lastRow = `tbody > tr:nth-child(${String(shown.embryos.length)}) > th`;
    const rendered = () => container.querySelectorAll(lastRow).length === 2;
    return new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (!rendered()) return;
        observer.disconnect();
        resolve(performance.now() - start);
      });
      observer.observe(container, { childList: true, subtree: true });
      const start = performance.now();
      createRoot(container).render(
        <StaticMantineProvider>
          <RouterContextProvider router={router}>
            <EmbryoComparison
              report={shown}
              links={links}
              initialSort={{
                key: { by: 'risk', code: shown.childRisk[0]?.code ?? '' },
                direction: 'ascending',
              }}
              initialView="table"
            />
          </RouterContextProvider>
        </StaticMantineProvider>,
      );
    });
  },
};

(globalThis as unknown as { comparisonBench: ComparisonBenchHarness }).comparisonBench = harness;
