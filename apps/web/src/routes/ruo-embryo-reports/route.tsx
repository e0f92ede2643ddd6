import { createFileRoute } from '@tanstack/react-router';
import { validateEmbryoReportSearch } from '../../lib/search.ts';

/** Every page of the report keeps ?report= and ?version= (see validateEmbryoReportSearch). */
export const Route = createFileRoute('/ruo-embryo-reports')({
  validateSearch: validateEmbryoReportSearch,
});
