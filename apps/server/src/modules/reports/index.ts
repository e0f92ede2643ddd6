/** What other modules may use of reports (ADR 051): everything else here is its own. */
export { createReportsRepository } from './repository.ts';
export type { ReportSummaryRow, ReportsRepository } from './repository.ts';
export { sendReportPdf } from './routes.ts';
export { createReportsService } from './service.ts';
export type { ReportsService } from './service.ts';
