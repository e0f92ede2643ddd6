import {
  deliveriesAnswerSchema,
  deliveryKitSchema,
  type KitAddressRequest,
} from '@nestling/shared/contract/kits';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';
import { saveBlob } from '../reports/index.ts';
import { useViewAs } from '../../lib/use-view-as.ts';

/** Every query of the person's kits starts with this key. */
export const deliveriesQueryKey = ['deliveries'] as const;

/** GET /deliveries: the person's kits with their addresses and journey (as the patient, for an admin). */
export function useDeliveries() {
  const api = useApi();
  const asUser = useViewAs();
  return useQuery({
    queryKey: [...deliveriesQueryKey, asUser ?? null],
    queryFn: ({ signal }) =>
      api.get('/deliveries', deliveriesAnswerSchema, { query: { asUser }, signal }),
  });
}

/** PUT /kits/{id}/address; the kits and orders are read again afterwards, also when refused. */
export function useChangeAddress() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kitId, address }: { kitId: string; address: KitAddressRequest }) =>
      api.put(`/kits/${encodeURIComponent(kitId)}/address`, deliveryKitSchema, {
        body: address,
        redirects: false,
      }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: deliveriesQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
      ]);
    },
  });
}

/** GET /kits/{id}/return-label: the PDF, saved as a file; it is kept among the documents too. */
export function useReturnLabel() {
  const api = useApi();
  const asUser = useViewAs();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kitId: string) =>
      api.downloadPdf(`/kits/${encodeURIComponent(kitId)}/return-label`, { asUser }),
    onSuccess: (blob, kitId) => {
      saveBlob(blob, `return-label-${kitId}.pdf`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveriesQueryKey }),
  });
}
