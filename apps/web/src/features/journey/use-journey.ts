import { journeyAnswerSchema } from '@nestling/shared/contract/journey';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';
import { useViewAs } from '../reports/use-view-as.ts';

/**
 * The query key of GET /journey. It starts with 'user', so every mutation that invalidates
 * ['user'] (a survey submitted, terms accepted, a kit activated, a partner joined) refreshes it.
 */
export function journeyQueryKey(asUser: string | undefined) {
  return ['user', 'journey', asUser ?? null] as const;
}

/** GET /journey: each of the person's tests with its steps, and their next step. */
export function useJourney() {
  const api = useApi();
  const asUser = useViewAs();
  return useQuery({
    queryKey: journeyQueryKey(asUser),
    queryFn: ({ signal }) =>
      api.get('/journey', journeyAnswerSchema, { query: { asUser }, signal }),
  });
}
