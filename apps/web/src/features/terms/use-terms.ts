import { termsAnswerSchema, type TermsDocument } from '@nestling/shared/contract/terms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';
import { useViewAs } from '../../lib/use-view-as.ts';

export const termsQueryKey = ['terms'] as const;

/** GET /terms: the documents in force and whether the person accepted each. */
export function useTerms() {
  const api = useApi();
  const asUser = useViewAs();
  return useQuery({
    queryKey: [...termsQueryKey, asUser ?? null],
    queryFn: ({ signal }) => api.get('/terms', termsAnswerSchema, { query: { asUser }, signal }),
  });
}

/** POST /terms/{document}/accept with the version read: the flags and documents change. */
export function useAcceptTerms() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ document, version }: { document: TermsDocument; version: string }) =>
      api.post(`/terms/${document}/accept`, termsAnswerSchema, { body: { version } }),
    onSuccess: async (answer) => {
      queryClient.setQueryData([...termsQueryKey, null], answer);
      await Promise.all([
        // The flags, the reports home and the journey all live under ['user'].
        queryClient.invalidateQueries({ queryKey: ['user'] }),
        queryClient.invalidateQueries({ queryKey: ['documents'] }),
      ]);
    },
  });
}
