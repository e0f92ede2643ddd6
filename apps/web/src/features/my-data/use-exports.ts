import {
  dataExportSchema,
  exportLinkSchema,
  exportsAnswerSchema,
  type ExportRequest,
  type ExportsAnswer,
} from '@nestling/shared/contract/my-data';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';
import { ApiError } from '../../lib/api.ts';
import { useViewAs } from '../../lib/use-view-as.ts';
import { EXPORT_LINK_UNUSABLE, downloadHref, isExportActive } from './export-text.ts';

/** Every query of the person's exports starts with this key: a new export or a delete refreshes them. */
export const exportsQueryKey = ['my-data', 'exports'] as const;

/** How often the list is read again while an export waits or is being prepared. */
export const EXPORTS_POLL_MS = 2000;

function exportPath(id: string): `/my-data/exports/${string}` {
  return `/my-data/exports/${encodeURIComponent(id)}`;
}

/**
 * GET /my-data/exports: the person's exports, newest first (as the patient, for an admin). Read
 * again every 2 seconds while any of them waits or is being prepared.
 */
export function useExports() {
  const api = useApi();
  const asUser = useViewAs();
  return useQuery({
    queryKey: [...exportsQueryKey, asUser ?? null],
    queryFn: ({ signal }) =>
      api.get('/my-data/exports', exportsAnswerSchema, {
        query: { asUser },
        signal,
        // A 403 (My Data turned off meanwhile) is shown on the page, not on /403.
        redirects: false,
      }),
    refetchInterval: (query) =>
      query.state.data?.exports.some((item) => isExportActive(item.state)) === true
        ? EXPORTS_POLL_MS
        : false,
  });
}

/**
 * POST /my-data/exports: asks for an export, which the server queues. The new export goes to
 * the top of the list at once; a refusal (400, 404, 409) throws an ApiError with the server's
 * sentence.
 */
export function useCreateExport() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ExportRequest) =>
      api.post('/my-data/exports', dataExportSchema, { body: request, redirects: false }),
    onSuccess: (created) => {
      queryClient.setQueryData<ExportsAnswer>([...exportsQueryKey, null], (answer) =>
        answer === undefined
          ? answer
          : {
              exports: [created, ...answer.exports.filter((item) => item.id !== created.id)],
            },
      );
      return queryClient.invalidateQueries({ queryKey: exportsQueryKey });
    },
  });
}

/**
 * DELETE /my-data/exports/{id}: the answer is the exports left. One already gone (404) counts as
 * deleted.
 */
export function useDeleteExport() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<ExportsAnswer | null> => {
      try {
        return await api.delete(exportPath(id), exportsAnswerSchema, { redirects: false });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    onSuccess: (left, id) => {
      queryClient.setQueryData<ExportsAnswer>([...exportsQueryKey, null], (answer) => {
        if (left !== null) return left;
        return answer === undefined
          ? answer
          : { exports: answer.exports.filter((item) => item.id !== id) };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: exportsQueryKey }),
  });
}

/**
 * Starts the browser's own download of `href` through a temporary link, so the file streams to
 * disk (and can resume) instead of passing through the page's memory.
 */
export function startDownload(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * POST /my-data/exports/{id}/files/{name}/link, then the download from that short-lived link
 * (which needs no Bearer header).
 */
export function useDownloadExportFile() {
  const api = useApi();
  return useMutation({
    mutationFn: async ({ exportId, fileName }: { exportId: string; fileName: string }) => {
      const link = await api.post(
        `${exportPath(exportId)}/files/${encodeURIComponent(fileName)}/link`,
        exportLinkSchema,
        { redirects: false },
      );
      const href = downloadHref(link.url, api.baseUrl);
      if (href === null) throw new Error(EXPORT_LINK_UNUSABLE);
      startDownload(href, fileName);
    },
  });
}
