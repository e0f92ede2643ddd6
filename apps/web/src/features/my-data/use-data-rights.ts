import { myDataOverviewSchema } from '@nestling/shared/contract/data-rights';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';
import { useViewAs } from '../../lib/use-view-as.ts';

const overviewKey = ['my-data', 'overview'] as const;

/** GET /my-data: what the portal holds about the person (as the patient, for an admin). */
export function useMyDataOverview() {
  const api = useApi();
  const asUser = useViewAs();
  return useQuery({
    queryKey: [...overviewKey, asUser ?? null],
    queryFn: ({ signal }) =>
      api.get('/my-data', myDataOverviewSchema, { query: { asUser }, signal, redirects: false }),
  });
}
