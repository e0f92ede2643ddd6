import { createFileRoute } from '@tanstack/react-router';
import { ReportsHome } from '../../features/reports/reports-home.tsx';
import { reportsSearchSchema } from '../../lib/search.ts';

export const Route = createFileRoute('/reports/')({
  validateSearch: reportsSearchSchema,
  component: ReportsHome,
});
