/** What other features may use of reports (ADR 051): everything else here is its own. */
export { DownloadArchiveButton } from './download-archive-button.tsx';
export { KeyPoints, SUMMARY_ID, aboveAverageSentence, findingsSentence } from './key-points.tsx';
export { NotAccurateEnoughNote, NotAccurateEnoughSection } from './not-accurate-enough.tsx';
export {
  OpenAllButtons,
  OpenableCard,
  OpenableCards,
  OpenableSection,
  OpenableSections,
} from './openable-sections.tsx';
export { partnerName } from './partner-name.ts';
export {
  CONDITIONS_ID,
  FINDINGS_ID,
  ReportContents,
  SCREENED_ID,
  TEST_ID,
  TRAITS_ID,
} from './report-contents.tsx';
export { ReportHeader } from './report-header.tsx';
export {
  ScreenedLists,
  ScreenedSection,
  TestDetailsOpenable,
  TestDetailsSection,
  VariantFindingsTable,
} from './report-sections.tsx';
export { default as reportsClasses } from './reports.module.css';
export { saveBlob } from './save-blob.ts';
export { ScrollRegion } from './scroll-region.tsx';
export { useActivateOrder } from './use-activate-order.ts';
export {
  FRESH_MS,
  coupleReportsQuery,
  individualOrdersQuery,
  useCoupleReports,
  useIndividualOrders,
} from './use-portal.ts';
export { useReport } from './use-report.ts';
export type { ReportSource } from './use-report.ts';
