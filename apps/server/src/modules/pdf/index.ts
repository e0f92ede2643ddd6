/** What other modules may use of pdf (ADR 051): everything else here is its own. */
export { renderReportPdf } from './report-pdf.ts';
export type { ReportVersionForPdf } from './report-pdf.ts';
