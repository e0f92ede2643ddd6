/*
 * The time to render one report PDF on the server (issue 4, done-when): the demo embryo report
 * (6 embryos, 15 diseases) and the demo individual report (16 diseases, each with its dot grid
 * and density chart), as renderReportPdf makes them for the HTTP answer.
 */
import { embryoReport, individualReports } from '../apps/server/src/db/demo-reports.ts';
import { renderReportPdf } from '../apps/server/src/modules/pdf/report-pdf.ts';
import type { Bench } from './run.ts';

const options = {
  productName: 'Nestling',
  companyName: 'Nestling Genomics',
  generatedAt: new Date('2026-01-05T15:00:00Z'),
};

const individual = individualReports.at(-1);
if (individual === undefined) throw new Error('The demo individual report is missing');

export const benches: readonly Bench[] = [
  {
    name: 'report PDF: individual (16 diseases, charts)',
    runs: 20,
    warmup: 3,
    run: () =>
      renderReportPdf(
        {
          content: individual.content,
          version: individual.version,
          changelog: individual.changelog,
          people: ['Iris Sample'],
        },
        options,
      ),
  },
  {
    name: 'report PDF: embryo (6 embryos, 15 diseases)',
    runs: 20,
    warmup: 3,
    run: () =>
      renderReportPdf(
        {
          content: embryoReport.content,
          version: embryoReport.version,
          changelog: embryoReport.changelog,
          people: ['Elena Example', 'Owen Example'],
        },
        options,
      ),
  },
];
