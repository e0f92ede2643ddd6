import { undeliveredMailAnswerSchema } from '@nestling/shared/contract/mail';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { useApi } from '../../lib/api-context.tsx';

/* Mail the portal could not deliver yet (ADR 047), as staff see it on /admin. */

const undeliveredKey = ['admin', 'mail'] as const;

/** GET /admin/mail: oldest first; refreshed every minute while the tab is open. */
export function useUndeliveredMail() {
  const api = useApi();
  return useQuery({
    queryKey: undeliveredKey,
    queryFn: ({ signal }) => api.get('/admin/mail', undeliveredMailAnswerSchema, { signal }),
    refetchInterval: 60_000,
  });
}

/** POST /admin/mail/{id}/send-again: a mail that failed for good, queued again. */
export function useSendMailAgain() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post(`/admin/mail/${encodeURIComponent(id)}/send-again`, z.undefined(), {
        redirects: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: undeliveredKey }),
  });
}
