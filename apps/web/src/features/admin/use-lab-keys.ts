import {
  labKeyCreatedSchema,
  labKeySchema,
  labKeysAnswerSchema,
} from '@nestling/shared/contract/lab';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';

/* The lab API keys a lab's pipeline delivers reports with, as staff manage them on /admin. */

const labKeysKey = ['admin', 'lab-keys'] as const;

/** GET /admin/lab-keys: newest first, without the keys themselves. */
export function useLabKeys() {
  const api = useApi();
  return useQuery({
    queryKey: labKeysKey,
    queryFn: ({ signal }) => api.get('/admin/lab-keys', labKeysAnswerSchema, { signal }),
  });
}

/** POST /admin/lab-keys (the only answer with the key) and DELETE /admin/lab-keys/{id}. */
export function useLabKeyActions() {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: labKeysKey });
  return {
    create: useMutation({
      mutationFn: (name: string) =>
        api.post('/admin/lab-keys', labKeyCreatedSchema, { body: { name }, redirects: false }),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (id: string) =>
        api.delete(`/admin/lab-keys/${encodeURIComponent(id)}`, labKeySchema, {
          redirects: false,
        }),
      onSuccess: refresh,
    }),
  };
}
