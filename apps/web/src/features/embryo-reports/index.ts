/** What other features may use of embryo reports (ADR 051): everything else here is its own. */
export { EmbryoReportCard } from './embryo-report-list.tsx';
