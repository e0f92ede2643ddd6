import type { DemoReportVariant } from '@nestling/shared/contract/demo-report';
import { reportAnswerSchema } from '@nestling/shared/contract/report-view';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';

/**
 * A demo embryo report (GET /demo/embryo-reports/{variant}), in the shape of any other report.
 * Its 403 for an account without demo access becomes the redirect to /demo-redirect in the API
 * client (spec section 8). Sample data never changes, so it stays fresh for the session.
 */
export function useDemoReport(variant: DemoReportVariant) {
  const api = useApi();
  return useQuery({
    queryKey: ['demo-report', variant],
    queryFn: ({ signal }) =>
      api.get(`/demo/embryo-reports/${encodeURIComponent(variant)}`, reportAnswerSchema, {
        signal,
      }),
    staleTime: Infinity,
  });
}
