import {
  kitLookupAnswerSchema,
  kitsAnswerSchema,
  type ActivateCoupleBody,
} from '@nestling/shared/contract/activation';
import { coupleAccountSchema } from '@nestling/shared/contract/orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';
import { useViewAs } from '../../lib/use-view-as.ts';

export const kitsQueryKey = ['kits'] as const;

/** GET /kits: the person's kits and whether each is activated. */
export function useKits() {
  const api = useApi();
  const asUser = useViewAs();
  return useQuery({
    queryKey: [...kitsQueryKey, asUser ?? null],
    queryFn: ({ signal }) => api.get('/kits', kitsAnswerSchema, { query: { asUser }, signal }),
  });
}

/** POST /kits/lookup: what a typed kit id activates. */
export function useKitLookup() {
  const api = useApi();
  return useMutation({
    mutationFn: (kitId: string) =>
      api.post('/kits/lookup', kitLookupAnswerSchema, { body: { kitId } }),
  });
}

/** PATCH /accounts/{id}/activate: both tubes of a couple together. */
export function useActivateCouple() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, ...body }: ActivateCoupleBody & { accountId: string }) =>
      api.patch(`/accounts/${encodeURIComponent(accountId)}/activate`, coupleAccountSchema, {
        body,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: kitsQueryKey }),
        // The reports home and the journey.
        queryClient.invalidateQueries({ queryKey: ['user'] }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
      ]),
  });
}
