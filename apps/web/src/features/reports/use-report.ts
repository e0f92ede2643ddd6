import { reportAnswerSchema } from '@nestling/shared/contract/report-view';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';
import { useViewAs } from '../../lib/use-view-as.ts';

/** Where a report is read: by its own id, or (individual reports) by its order's id. */
export type ReportSource =
  { readonly by: 'report'; readonly id: string } | { readonly by: 'order'; readonly id: string };

/** The API path of a report; the same path answers its PDF to Accept: application/pdf. */
export function reportPath(
  source: ReportSource,
): `/reports/${string}` | `/individual_reports/${string}` {
  const id = encodeURIComponent(source.id);
  return source.by === 'report' ? `/reports/${id}` : `/individual_reports/${id}`;
}

/**
 * A report at its latest version, or at `version` (spec section 7), with every version's
 * changelog. A delivered version never changes, so the answer stays fresh for the session.
 */
export function useReport(source: ReportSource | undefined, version?: number) {
  const api = useApi();
  const asUser = useViewAs();
  return useQuery({
    queryKey: ['report', source?.by, source?.id, version ?? 'latest', asUser ?? null],
    queryFn: ({ signal }) => {
      if (source === undefined) throw new Error('No report to read');
      return api.get(reportPath(source), reportAnswerSchema, {
        query: { version, asUser },
        signal,
      });
    },
    enabled: source !== undefined,
    staleTime: version === undefined ? 60_000 : Infinity,
  });
}
