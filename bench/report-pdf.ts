/*
 * The time to render one report PDF on the server (issue 4, done-when; issue 9 asks for a median
 * of at most 100 ms for the individual report and 200 ms for the embryo report), for each kind
 * of report, from the demo data as renderReportPdf makes them for the HTTP answer: the
 * individual report (a table of every disease, then each with its dot grid and density chart),
 * the joint report (each disease with the range chart of the couple's children) and the embryo
 * report (per disease a density chart marking every embryo, the range chart placing them and a
 * table of them; the sex-specific diseases for the embryos of that sex only). The names give
 * the counts in the demo data. Each is timed from scratch, past the cache; the last line times
 * an answer from the cache.
 */
import type { ReportPayload } from '@nestling/shared/contract/report';
import {
  embryoReport,
  individualReports,
  jointReport,
} from '../apps/server/src/modules/demo-reports/payloads.ts';
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

function diseases(report: ReportVersionForPdf): string {
  const { content } = report;
  const count = content.kind === 'individual' ? content.diseases.length : content.childRisk.length;
  return `${String(count)} diseases`;
}

const embryos = embryo.content.kind === 'embryo' ? embryo.content.embryos.length : 0;

export const benches: readonly Bench[] = [
  {
    name: `report PDF: individual (${diseases(individual)}, charts)`,
    runs: 20,
    warmup: 3,
    run: () => renderReportPdfUncached(individual, options),
  },
  {
    name: `report PDF: joint (${diseases(joint)}, range charts)`,
    runs: 20,
    warmup: 3,
    run: () => renderReportPdfUncached(joint, options),
  },
  {
    name: `report PDF: embryo (${String(embryos)} embryos, ${diseases(embryo)}, charts)`,
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
