import { createFileRoute } from '@tanstack/react-router';
import { embryoReportSearchSchema } from '../../features/embryo-reports/search.ts';

/** Every page of the report keeps ?report= and ?version= (see the search schema). */
export const Route = createFileRoute('/embryo-reports')({
  validateSearch: embryoReportSearchSchema,
});
