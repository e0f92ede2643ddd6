import { importsAnswerSchema, type ImportsAnswer } from '@nestling/shared/contract/my-data';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { useApi } from '../../lib/api-context.tsx';
import { ApiError } from '../../lib/api.ts';
import { useViewAs } from '../../lib/use-view-as.ts';
import { isImportActive } from './import-text.ts';

/** Every query of the person's imports starts with this key: an upload or a delete refreshes them. */
export const importsQueryKey = ['my-data', 'imports'] as const;

/** How often the list is read again while an import is uploading, waiting or being read. */
export const IMPORTS_POLL_MS = 2000;

/**
 * GET /my-data/imports: the person's genome imports, newest first (as the patient, for an
 * admin). Read again every 2 seconds while any of them is not finished.
 */
export function useImports() {
  const api = useApi();
  const asUser = useViewAs();
  return useQuery({
    queryKey: [...importsQueryKey, asUser ?? null],
    queryFn: ({ signal }) =>
      api.get('/my-data/imports', importsAnswerSchema, {
        query: { asUser },
        signal,
        // A 403 (My Data turned off meanwhile) is shown on the page, not on /403.
        redirects: false,
      }),
    refetchInterval: (query) =>
      query.state.data?.imports.some((item) => isImportActive(item.state)) === true
        ? IMPORTS_POLL_MS
        : false,
  });
}

/** DELETE /my-data/imports/{id} (204). One already gone (404) counts as deleted. */
export function useDeleteImport() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      try {
        await api.delete(`/my-data/imports/${encodeURIComponent(id)}`, z.unknown(), {
          redirects: false,
        });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    },
    onSuccess: (_data, id) => {
      queryClient.setQueriesData<ImportsAnswer>({ queryKey: importsQueryKey }, (answer) =>
        answer === undefined
          ? answer
          : { imports: answer.imports.filter((item) => item.id !== id) },
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: importsQueryKey }),
  });
}
