import { createFileRoute } from '@tanstack/react-router';
import { ReportGuidePage } from '../../features/resources/report-guide-page.tsx';

export const Route = createFileRoute('/resources/what-you-will-learn-from-your-report')({
  component: ReportGuidePage,
});
