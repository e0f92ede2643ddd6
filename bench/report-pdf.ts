/*
 * The time to render one report PDF on the server (issue 4, done-when), for each kind of report,
 * from the demo data as renderReportPdf makes them for the HTTP answer: the individual report
 * (16 diseases, each with its dot grid and density chart), the joint report (15 diseases, each
 * with the range chart of the couple's children) and the embryo report (6 embryos and 15
 * diseases, each with a density chart marking every embryo and the range chart placing them).
 * Each is timed from scratch, past the cache; the last line times an answer from the cache.
 */
import type { ReportPayload } from '@nestling/shared/contract/report';
import {
  embryoReport,
  individualReports,
  jointReport,
} from '../apps/server/src/db/demo-reports.ts';
import {
  renderReportPdf,
  renderReportPdfUncached,
  type ReportVersionForPdf,
} from '../apps/server/src/modules/pdf/report-pdf.ts';
import type { Bench } from './run.ts';

const options = {
  productName: 'Nestling',
  companyName: 'Nestling Genomics',
  generatedAt: new Date('2026-01-05T15:00:00Z'),
};

function versionOf(payload: ReportPayload, people: string[]): ReportVersionForPdf {
  return {
    content: payload.content,
    version: payload.version,
    changelog: payload.changelog,
    people,
  };
}

const individualPayload = individualReports.at(-1);
if (individualPayload === undefined) throw new Error('The demo individual report is missing');
const individual = versionOf(individualPayload, ['Iris Sample']);
const joint = versionOf(jointReport, ['Maya Demo', 'Daniel Demo']);
const embryo = versionOf(embryoReport, ['Elena Example', 'Owen Example']);

export const benches: readonly Bench[] = [
  {
    name: 'report PDF: individual (16 diseases, charts)',
    runs: 20,
    warmup: 3,
    run: () => renderReportPdfUncached(individual, options),
  },
  {
    name: 'report PDF: joint (15 diseases, range charts)',
    runs: 20,
    warmup: 3,
    run: () => renderReportPdfUncached(joint, options),
  },
  {
    name: 'report PDF: embryo (6 embryos, 15 diseases, charts)',
    runs: 20,
    warmup: 3,
    run: () => renderReportPdfUncached(embryo, options),
  },
  {
    name: 'report PDF: individual, again (from the cache)',
    runs: 20,
    warmup: 1,
    run: () => renderReportPdf(individual, options),
  },
];
