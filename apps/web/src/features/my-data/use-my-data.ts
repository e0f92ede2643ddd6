import { jobsAnswerSchema } from '@nestling/shared/contract/my-data';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';
import { ApiError } from '../../lib/api.ts';
import { useViewAs } from '../../lib/use-view-as.ts';

/**
 * GET /my-data/jobs: the person's background tasks (as the patient, for an admin). A 403 means
 * My Data is not turned on for them: the page says so rather than leaving for /403.
 */
export function useMyDataJobs({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApi();
  const asUser = useViewAs();
  return useQuery({
    enabled,
    queryKey: ['my-data', 'jobs', asUser ?? null],
    queryFn: ({ signal }) =>
      api.get('/my-data/jobs', jobsAnswerSchema, { query: { asUser }, signal, redirects: false }),
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
}

/** True when the server refused because My Data is off for the person. */
export function isDataPortalOff(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}
