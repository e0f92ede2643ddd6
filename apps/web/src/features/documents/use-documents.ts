import { documentSessionSchema, documentsAnswerSchema } from '@nestling/shared/contract/document';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';
import { useViewAs } from '../../lib/use-view-as.ts';

/** GET /user/documents (spec section 7): the person's documents, newest first. */
export function useDocuments() {
  const api = useApi();
  const asUser = useViewAs();
  return useQuery({
    queryKey: ['user', 'documents', asUser ?? null],
    queryFn: ({ signal }) =>
      api.get('/user/documents', documentsAnswerSchema, { query: { asUser }, signal }),
  });
}

/**
 * POST /user/documents/{id}/session: a short-lived, single-use link to one document. The link
 * is opened in the tab the click opened, because a tab opened after an await is often blocked.
 */
export function useOpenDocument() {
  const api = useApi();
  const asUser = useViewAs();
  return useMutation({
    mutationFn: async ({ id, tab }: { id: string; tab: Window | null }) => {
      try {
        const session = await api.post(
          `/user/documents/${encodeURIComponent(id)}/session`,
          documentSessionSchema,
          { query: { asUser } },
        );
        // The link is site-relative: resolve it against the API's own origin.
        const url = new URL(session.url, api.baseUrl).href;
        if (tab === null) return { url, opened: false };
        tab.location.href = url;
        return { url, opened: true };
      } catch (error) {
        tab?.close();
        throw error;
      }
    },
  });
}
