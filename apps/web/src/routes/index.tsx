import { createFileRoute } from '@tanstack/react-router';
import { ReportsHome } from '../features/reports/reports-home.tsx';

export const Route = createFileRoute('/')({
  component: ReportsHome,
});
