import {
  sensitiveReleaseAnswerSchema,
  sensitiveRuleSchema,
  sensitiveRulesAnswerSchema,
  type SensitiveRuleInput,
} from '@nestling/shared/contract/sensitive-results';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';

/*
 * Counseling-first release of sensitive results (ADR 022): the person's own choice to see them,
 * and the lab staff's rules of what is sensitive.
 */

/**
 * POST /reports/{id}/sensitive-release. Every report answer may change with it (the page, and
 * the same report by its order), so all of them are read again.
 */
export function useReleaseSensitiveResults(reportId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post(
        `/reports/${encodeURIComponent(reportId)}/sensitive-release`,
        sensitiveReleaseAnswerSchema,
        { redirects: false },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['report'] }),
  });
}

const rulesKey = ['admin', 'sensitive-rules'] as const;

/** GET /admin/sensitive-rules. */
export function useSensitiveRules() {
  const api = useApi();
  return useQuery({
    queryKey: rulesKey,
    queryFn: ({ signal }) =>
      api.get('/admin/sensitive-rules', sensitiveRulesAnswerSchema, { signal }),
  });
}

/** POST and DELETE /admin/sensitive-rules; each refreshes the list and every report read. */
export function useSensitiveRuleActions() {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: rulesKey }),
      queryClient.invalidateQueries({ queryKey: ['report'] }),
    ]);
  const add = useMutation({
    mutationFn: (body: SensitiveRuleInput) =>
      api.post('/admin/sensitive-rules', sensitiveRuleSchema, { body, redirects: false }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      api.delete(`/admin/sensitive-rules/${encodeURIComponent(id)}`, sensitiveRulesAnswerSchema, {
        redirects: false,
      }),
    onSuccess: refresh,
  });
  return { add, remove };
}
