import { journeyAnswerSchema } from '@nestling/shared/contract/journey';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api.ts';
import { useApi } from '../../lib/api-context.tsx';
import { FRESH_MS } from '../reports/index.ts';
import { useViewAs } from '../../lib/use-view-as.ts';

/**
 * The query key of GET /journey. It starts with 'user', so every mutation that invalidates
 * ['user'] (a survey submitted, terms accepted, a kit activated, a partner joined) refreshes it.
 */
export function journeyQueryKey(asUser: string | undefined) {
  return ['user', 'journey', asUser ?? null] as const;
}

/** GET /journey as query options, for a route's loader and for the hook. */
export function journeyQuery(api: ApiClient, asUser: string | undefined) {
  return queryOptions({
    queryKey: journeyQueryKey(asUser),
    queryFn: ({ signal }) =>
      api.get('/journey', journeyAnswerSchema, { query: { asUser }, signal }),
    // The /reports route loads it before drawing the page, which should not ask again at once.
    staleTime: FRESH_MS,
  });
}

/** GET /journey: each of the person's tests with its steps, and their next step. */
export function useJourney() {
  return useQuery(journeyQuery(useApi(), useViewAs()));
}
